import type { CircleReply } from "~/bff/circle.server";
import { Person } from "~/components/community/person";
import { chineseCount } from "~/lib/count";
import { formatRelativeDate } from "~/lib/relative-date";

/** One reply to a circle post, as text, with whom it answers. */
export function ReplyItem({ reply, now }: { reply: CircleReply; now: string }) {
  return (
    <li className="reply">
      <div className="reply__head">
        <Person avatar={reply.author.avatar} alias={reply.author.alias} size={28} />
        {reply.like_count > 0 ? <span className="reply__likes">{chineseCount(reply.like_count)}赞</span> : null}
      </div>
      <p className="reply__content">
        {reply.reply_alias ? (
          <>
            回复 <span className="reply__target">{reply.reply_alias}</span>：
          </>
        ) : null}
        {reply.content}
      </p>
      <p className="reply__meta">
        <time dateTime={reply.created_at}>{formatRelativeDate(reply.created_at, new Date(now))}</time>
        {reply.ip_location ? <span>{reply.ip_location}</span> : null}
      </p>
    </li>
  );
}
