import { Form } from "@remix-run/react";
import { APP_OPEN_HASH } from "~/components/app-open-dialog";
import type { Content } from "~/bff/content.server";
import { COMMENT_MAX_LENGTH, COMMENT_TEXTS } from "~/lib/comment-text";
import { abbreviateCount } from "~/lib/count";
import { useRootData } from "~/root";

/** The fixed comment bar of spec section 2: input, like, collect, send. */
export function CommentFooter({ article, open }: { article: Omit<Content, never>; open: boolean }) {
  const root = useRootData();
  return (
    <div className="footer-bar">
      <Form method="post" className="footer-bar__form" preventScrollReset>
        <input type="hidden" name="csrf" value={root?.csrfToken ?? ""} />
        <input
          className="footer-bar__input"
          name="content"
          type="text"
          enterKeyHint="send"
          maxLength={COMMENT_MAX_LENGTH}
          placeholder={open ? COMMENT_TEXTS.placeholder : COMMENT_TEXTS.closed}
          aria-label={open ? "评论内容" : COMMENT_TEXTS.closed}
          disabled={!open}
        />
        <button className="footer-bar__send" type="submit" name="intent" value="comment" disabled={!open}>
          发送
        </button>
      </Form>
      <a className="footer-bar__action" href={APP_OPEN_HASH} aria-label={`点赞 ${article.like_count}`}>
        <span className="icon icon--like" aria-hidden="true" />
        <span className="footer-bar__count">{abbreviateCount(article.like_count)}</span>
      </a>
      <a className="footer-bar__action" href={APP_OPEN_HASH} aria-label={`收藏 ${article.collect_count}`}>
        <span className="icon icon--collect" aria-hidden="true" />
        <span className="footer-bar__count">{abbreviateCount(article.collect_count)}</span>
      </a>
    </div>
  );
}
