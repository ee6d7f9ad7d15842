import type { LawAnswer } from "~/bff/law.server";
import { Person } from "~/components/community/person";
import { chineseCount } from "~/lib/count";
import { formatRelativeDate } from "~/lib/relative-date";

/** One answer to a law question; a lawyer's answer is marked, with their practice. */
export function AnswerItem({ answer, now }: { answer: LawAnswer; now: string }) {
  const { author } = answer;
  return (
    <li className={author.is_lawyer ? "answer answer--lawyer" : "answer"}>
      <div className="answer__head">
        <Person avatar={author.avatar} alias={author.alias} size={36} />
        {author.is_lawyer ? <span className="answer__badge">律师</span> : null}
      </div>
      {author.is_lawyer && author.title ? <p className="answer__title">{author.title}</p> : null}
      <p className="answer__content">{answer.content}</p>
      <p className="reply__meta">
        <time dateTime={answer.created_at}>{formatRelativeDate(answer.created_at, new Date(now))}</time>
        {answer.like_count > 0 ? <span>{chineseCount(answer.like_count)}人觉得有用</span> : null}
      </p>
    </li>
  );
}
