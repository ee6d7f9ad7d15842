import { Link, useLocation } from "@remix-run/react";
import { useState, type MouseEvent } from "react";
import type { Comment } from "~/bff/comments.server";
import { startReply } from "~/client/events";
import { Icon } from "~/components/icon";
import { LoadMoreLink } from "~/components/load-more-link";
import { SharedMarkup } from "~/components/shared-markup";
import { useJsonPage } from "~/hooks/use-json-page";
import { useLoadMore, type PageData } from "~/hooks/use-load-more";
import { APP_OPEN_HASH } from "~/lib/app-open";
import { COMMENT_TEXTS, expandRepliesText } from "~/lib/comment-text";
import { abbreviateCount } from "~/lib/count";
import { withParam } from "~/lib/query";
import { formatRelativeDate } from "~/lib/relative-date";
import { replyTargetOf } from "~/lib/reply-target";

type Props = {
  postId: string;
  /** Comments closed: no reply links either. */
  open: boolean;
  comments: { list: Comment[]; total: number; pages: number; expanded: string | null };
  now: string;
  appOffered: boolean;
};

const keyOf = (comment: Comment) => comment.gid;

function Avatar({ src }: { src: string }) {
  return src ? (
    <img className="avatar" src={src} alt="" loading="lazy" decoding="async" width={32} height={32} />
  ) : (
    <span className="avatar" aria-hidden="true" />
  );
}

function CommentBody({ comment, now, canReply, appOffered }: { comment: Comment; now: string; canReply: boolean; appOffered: boolean }) {
  const location = useLocation();
  const stars = comment.star_count > 0 ? abbreviateCount(comment.star_count) : "";
  return (
    <>
      <div className="comment__head">
        <span className="comment__alias">{comment.alias || "匿名用户"}</span>
        {comment.user.mp_name ? <span className="comment__mp">{comment.user.mp_name}</span> : null}
        {appOffered ? (
          <a className="comment__star" href={APP_OPEN_HASH} aria-label={stars ? `点赞 ${stars}` : "点赞"}>
            <Icon name="like" />
            {stars}
          </a>
        ) : null}
      </div>
      {/* Rendered as text: comments are never HTML. */}
      <p className="comment__content">
        {comment.level === 2 && comment.reply_alias ? (
          <>
            回复 <span className="comment__target">{comment.reply_alias}</span>：
          </>
        ) : null}
        {comment.content}
      </p>
      <p className="comment__meta">
        <time dateTime={comment.created_at}>{formatRelativeDate(comment.created_at, new Date(now))}</time>
        {comment.ip_location ? <span>{comment.ip_location}</span> : null}
        {canReply ? (
          <Link
            className="comment__reply"
            to={`${withParam(location.search, "reply", comment.gid)}#comment-input`}
            preventScrollReset
            replace
            onClick={(event) => {
              event.preventDefault();
              startReply(replyTargetOf(comment));
            }}
          >
            回复
          </Link>
        ) : null}
      </p>
    </>
  );
}

/** `appOffered`: the page's item allows the app (enable_app); starring is for the app, so without it there is no star. */
type ItemProps = { postId: string; comment: Comment; now: string; expanded: boolean; canReply: boolean; appOffered: boolean };

function CommentItem({ postId, comment, now, expanded, canReply, appOffered }: ItemProps) {
  const location = useLocation();
  const replyPage = useJsonPage<PageData<Comment>>();
  const [open, setOpen] = useState(false);
  const replies = open && replyPage.data ? replyPage.data.list : comment.replys;
  const remaining = comment.reply_count - replies.length;

  function expand(event: MouseEvent) {
    event.preventDefault();
    setOpen(true);
    void replyPage.load(`/api/replies/${postId}/${comment.gid}`);
  }

  return (
    <li className="comment" id={`c-${comment.gid}`}>
      <Avatar src={comment.avatar} />
      <div className="comment__main">
        <CommentBody comment={comment} now={now} canReply={canReply} appOffered={appOffered} />
        {replies.length > 0 ? (
          <ul className="replies">
            {replies.map((reply) => (
              <li key={reply.gid} className="comment comment--reply" id={`c-${reply.gid}`}>
                <Avatar src={reply.avatar} />
                <div className="comment__main">
                  <CommentBody comment={reply} now={now} canReply={canReply} appOffered={appOffered} />
                </div>
              </li>
            ))}
          </ul>
        ) : null}
        {remaining > 0 && !expanded ? (
          <Link
            className="replies__expand"
            to={`${withParam(location.search, "expand", comment.gid)}#c-${comment.gid}`}
            preventScrollReset
            replace
            onClick={expand}
          >
            {replyPage.loading ? "加载中…" : expandRepliesText(remaining)}
          </Link>
        ) : null}
      </div>
    </li>
  );
}

/** Spec section 2: comments 10 to a page, 'expand N replies', the empty state. */
export function CommentList({ postId, open, comments, now, appOffered }: Props) {
  const location = useLocation();
  const { items, hasMore, nextPage, loading, loadMore } = useLoadMore({
    initial: comments.list,
    total: comments.total,
    pages: comments.pages,
    pageUrl: (page) => `/api/comments/${postId}?page=${page}`,
    key: keyOf,
  });
  return (
    <section className="section comments" id="comments" aria-labelledby="comments-title">
      <h2 id="comments-title" className="section__title">
        评论 {comments.total > 0 ? <span className="section__count">{abbreviateCount(comments.total)}</span> : null}
      </h2>
      {items.length === 0 ? (
        <p className="empty comments__empty">{COMMENT_TEXTS.emptyState}</p>
      ) : (
        // Shared markup: the reply links carry the page's query, so it is part of what the comments render from.
        <SharedMarkup
          as="ul"
          className="comment-list"
          deps={{ postId, items, now, open, appOffered, expanded: comments.expanded, search: location.search }}
        >
          {items.map((comment) => (
            <CommentItem
              key={comment.gid}
              postId={postId}
              comment={comment}
              now={now}
              expanded={comments.expanded === comment.gid}
              canReply={open}
              appOffered={appOffered}
            />
          ))}
        </SharedMarkup>
      )}
      {hasMore ? (
        <LoadMoreLink
          href={`${withParam(location.search, "cpage", String(nextPage))}#comments`}
          loading={loading}
          onClick={loadMore}
          text={COMMENT_TEXTS.loadMore}
        />
      ) : null}
    </section>
  );
}
