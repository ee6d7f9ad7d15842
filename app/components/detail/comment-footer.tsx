import { useFetcher } from "@remix-run/react";
import { useEffect, useRef, useState, type FocusEvent } from "react";
import { onStartReply, openLogin } from "~/client/events";
import { HiddenFields } from "~/components/hidden-fields";
import { Icon } from "~/components/icon";
import { PersonalSlot } from "~/components/personal-slot";
import { useItemFlags } from "~/hooks/use-app-open";
import { useLoginPrompt, type InteractionAnswer } from "~/hooks/use-login-prompt";
import { usePersonal, useViewer, type Personal } from "~/hooks/use-personal";
import { APP_OPEN_HASH } from "~/lib/app-open";
import { COMMENT_MAX_LENGTH, COMMENT_TEXTS } from "~/lib/comment-text";
import { abbreviateCount } from "~/lib/count";
import type { DetailLayout } from "~/lib/content-types";
import type { ReplyTarget } from "~/lib/reply-target";

export type CommentFooterData = {
  track_id: string;
  like_count: number;
  collect_count: number;
  commentsOpen: boolean;
  /** Reply mode without JavaScript: the comment named by ?reply=. */
  replyTarget: ReplyTarget | null;
};

type Props = CommentFooterData & {
  kind: DetailLayout["footer"];
  personal: Personal<{ isCollected: boolean }>;
  documentResult?: InteractionAnswer;
};

/** Spec section 2's fixed comment bar; posts to the detail page's action. */
export function CommentFooter(props: Props) {
  return (
    <PersonalSlot name="comment-footer">
      <CommentBar {...props} />
    </PersonalSlot>
  );
}

/** The intents of the bar's own forms: a refusal of another control (follow) is shown beside that one. */
const BAR_INTENTS = new Set([undefined, "comment", "collect"]);

function CommentBar({ kind, documentResult: answer, personal, ...data }: Props) {
  const { appOffered } = useItemFlags();
  const documentResult = BAR_INTENTS.has(answer?.intent) ? answer : undefined;
  const { commentsOpen } = data;
  const { isCollected } = usePersonal(personal);
  const { user } = useViewer();
  const comment = useFetcher<InteractionAnswer>();
  const collect = useFetcher<InteractionAnswer>();
  const inputRef = useRef<HTMLInputElement>(null);
  const sendRef = useRef<HTMLButtonElement>(null);
  const [reply, setReply] = useState<ReplyTarget | null>(data.replyTarget);
  // A comment refused without JavaScript comes back with the page: the text the visitor typed stays.
  const [text, setText] = useState(documentResult?.intent === "comment" ? (documentResult.content ?? "") : "");
  const loggedIn = Boolean(user);
  // The box works before the scripts run: what the visitor typed by then is taken into the state, or the footer's
  // next render after hydration would empty it (as in the login form).
  useEffect(() => {
    const typed = inputRef.current?.value;
    if (typed) setText(typed);
  }, []);
  useLoginPrompt(comment.data);
  useLoginPrompt(collect.data);

  useEffect(() => {
    return onStartReply((target) => {
      setReply(target);
      inputRef.current?.focus();
    });
  }, []);

  const [fieldError, setFieldError] = useState(documentResult?.fieldError);
  useEffect(() => setFieldError(documentResult?.fieldError), [documentResult]);

  // A refused comment answers with new data, shown as it arrives: the router's updates are transitions, so on a
  // busy phone the send's "submitting" render can be skipped. A sent one answers with a redirect, after which the
  // fetcher still holds the previous answer (the same object): a send succeeded when the data did not change.
  const sending = comment.state !== "idle";
  const wasSending = useRef(false);
  const answerBefore = useRef<InteractionAnswer | undefined>(undefined);
  const answerSeen = useRef(comment.data);
  // A refused collect says why in the same place, beside it.
  useEffect(() => {
    if (collect.data?.fieldError) setFieldError(collect.data.fieldError);
  }, [collect.data]);
  useEffect(() => {
    if (sending && !wasSending.current) answerBefore.current = comment.data;
    if (comment.data !== answerSeen.current && comment.data?.fieldError) setFieldError(comment.data.fieldError);
    answerSeen.current = comment.data;
    if (!sending && wasSending.current && comment.data === answerBefore.current) {
      setText("");
      setReply(null);
      setFieldError(undefined);
    }
    wasSending.current = sending;
  }, [sending, comment.data]);

  function onFocus() {
    // Spec section 4: focusing the comment input while logged out opens the login panel.
    if (!loggedIn) {
      inputRef.current?.blur();
      openLogin();
    }
  }

  function onBlur(event: FocusEvent<HTMLInputElement>) {
    // Reply mode ends when the input loses focus, except to its own send button.
    if (event.relatedTarget !== sendRef.current) setReply(null);
  }

  const placeholder = !commentsOpen ? COMMENT_TEXTS.closed : reply ? `回复 ${reply.shownAlias}：` : COMMENT_TEXTS.placeholder;

  return (
    <div className={kind === "gallery" ? "footer-bar footer-bar--gallery" : "footer-bar"}>
      {fieldError ? (
        <p className="footer-bar__error" id="comment-error" role="alert">
          {fieldError}
        </p>
      ) : null}
      <comment.Form method="post" className="footer-bar__form" preventScrollReset>
        <HiddenFields
          js
          fields={{
            track_id: data.track_id,
            ...(reply ? { parent_id: reply.parentId, target_user_id: reply.targetUserId, target_user_alias: reply.targetUserAlias } : {}),
          }}
        />
        <input
          ref={inputRef}
          id="comment-input"
          className="footer-bar__input"
          name="content"
          type="text"
          enterKeyHint="send"
          autoComplete="off"
          maxLength={COMMENT_MAX_LENGTH}
          placeholder={placeholder}
          aria-label={commentsOpen ? (reply ? placeholder : "评论内容") : COMMENT_TEXTS.closed}
          aria-describedby={fieldError ? "comment-error" : undefined}
          disabled={!commentsOpen}
          autoFocus={Boolean(data.replyTarget)}
          value={text}
          onChange={(event) => {
            setText(event.target.value);
            setFieldError(undefined);
          }}
          onFocus={onFocus}
          onBlur={onBlur}
        />
        <button ref={sendRef} className="footer-bar__send" type="submit" name="intent" value="comment" disabled={!commentsOpen || sending}>
          发送
        </button>
      </comment.Form>
      {/* Liking is for the app: where the item asks for no app, there is no like to offer. */}
      {appOffered ? (
        <a className="footer-bar__action" href={APP_OPEN_HASH} aria-label={`点赞 ${abbreviateCount(data.like_count)}`}>
          <Icon name="like" />
          <span className="footer-bar__count">{abbreviateCount(data.like_count)}</span>
        </a>
      ) : null}
      <collect.Form method="post" preventScrollReset>
        <HiddenFields js fields={{ track_id: data.track_id, type: isCollected ? "del" : "add" }} />
        <button
          className={isCollected ? "footer-bar__action footer-bar__action--on" : "footer-bar__action"}
          type="submit"
          name="intent"
          value="collect"
          aria-pressed={isCollected}
          // The visible count is part of the name, as screen-reader users hear what sighted users see.
          aria-label={`${isCollected ? "取消收藏" : "收藏"} ${abbreviateCount(data.collect_count)}`}
        >
          <Icon name="collect" />
          <span className="footer-bar__count">{abbreviateCount(data.collect_count)}</span>
        </button>
      </collect.Form>
    </div>
  );
}
