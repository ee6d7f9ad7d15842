import { Form, useActionData, useFetcher } from "@remix-run/react";
import { useEffect, useMemo, useRef, useState, type FormEvent } from "react";
import type { LiveMessage } from "~/bff/live.server";
import { openLogin, showToast } from "~/client/events";
import { HiddenFields } from "~/components/hidden-fields";
import { Icon } from "~/components/icon";
import { useLoginPrompt, useRefusal } from "~/hooks/use-login-prompt";
import { useViewer } from "~/hooks/use-personal";
import type { LiveAnswer } from "~/hooks/use-login-prompt";
import { abbreviateCount } from "~/lib/count";
import { createLikeBatcher } from "~/lib/like-batcher";
import { CHAT_MAX_LENGTH, LIVE_TEXTS, MAX_LIKES_PER_REQUEST } from "~/lib/live-state";

/** Without JavaScript a plain form (post/redirect/get); with it the login sheet opens first for a visitor not logged in. */
export function BookingForm({ liveId, booked, bookingCount }: { liveId: string; booked: boolean; bookingCount: number }) {
  const booking = useFetcher<LiveAnswer>();
  useLoginPrompt(booking.data);
  // A booking refused without JavaScript comes back as the page's action answer.
  const answer = useActionData<LiveAnswer>();
  const refusal = useRefusal(booking, answer?.intent === "live_book" ? answer.fieldError : undefined);
  // Shown at once; the reloaded page data confirms it (aria-busy until then).
  const pendingType = booking.formData?.get("type");
  const shownBooked = pendingType ? pendingType === "add" : booked;
  return (
    <booking.Form method="post" className="live-booking" preventScrollReset aria-busy={booking.state !== "idle"}>
      <HiddenFields js fields={{ intent: "live_book", live_id: liveId, type: shownBooked ? "del" : "add" }} />
      <button
        type="submit"
        className={shownBooked ? "button button--ghost live-booking__button" : "button live-booking__button"}
        aria-pressed={shownBooked}
      >
        {shownBooked ? LIVE_TEXTS.booked : LIVE_TEXTS.book}
      </button>
      {bookingCount > 0 ? <span className="live-booking__count">{LIVE_TEXTS.bookingCount(bookingCount)}</span> : null}
      {refusal ? (
        <span className="live-booking__error" role="alert">
          {refusal}
        </span>
      ) : null}
    </booking.Form>
  );
}

/** With JavaScript the message is sent in place and shown to its sender at once; focusing it while logged out opens the login sheet. */
export function ChatForm({
  liveId,
  onSent,
  fieldError,
  typed = "",
  overlay = false,
}: {
  liveId: string;
  onSent: (message: LiveMessage) => void;
  fieldError?: string;
  /** The text of a message refused without JavaScript, back in the input. */
  typed?: string;
  overlay?: boolean;
}) {
  const { user } = useViewer();
  const chat = useFetcher<LiveAnswer>();
  const [text, setText] = useState(typed);
  const [error, setError] = useState(fieldError);
  const inputRef = useRef<HTMLInputElement>(null);
  useLoginPrompt(chat.data?.needLogin ? chat.data : undefined);

  useEffect(() => {
    const answer = chat.data;
    if (!answer || chat.state !== "idle") return;
    if (answer.liveMessage) {
      onSent(answer.liveMessage);
      setText("");
      setError(undefined);
    } else if (answer.fieldError) {
      setError(answer.fieldError);
    }
  }, [chat.data, chat.state, onSent]);

  function onFocus() {
    if (!user) {
      inputRef.current?.blur();
      openLogin();
    }
  }

  return (
    <chat.Form method="post" className={overlay ? "live-chat-form live-chat-form--overlay" : "live-chat-form"} id="live-chat-form" preventScrollReset>
      <HiddenFields js fields={{ intent: "live_chat", live_id: liveId }} />
      <label className="visually-hidden" htmlFor="live-chat-input">
        {LIVE_TEXTS.chatPlaceholder}
      </label>
      <input
        ref={inputRef}
        id="live-chat-input"
        className="live-chat-form__input"
        name="content"
        value={text}
        onChange={(event) => {
          setText(event.target.value);
          setError(undefined);
        }}
        onFocus={onFocus}
        placeholder={LIVE_TEXTS.chatPlaceholder}
        maxLength={CHAT_MAX_LENGTH}
        autoComplete="off"
        enterKeyHint="send"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? "live-chat-error" : undefined}
      />
      <button type="submit" className="button live-chat-form__send" disabled={chat.state !== "idle"}>
        {LIVE_TEXTS.chatSend}
      </button>
      {error ? (
        <p id="live-chat-error" className="live-chat-form__error" role="alert">
          {error}
        </p>
      ) : null}
    </chat.Form>
  );
}

/** Each tap counts at once on screen; the platform gets them batched, one request a second (like-batcher.ts). */
export function LikeButton({ liveId, likeCount, overlay = false }: { liveId: string; likeCount: number; overlay?: boolean }) {
  const { user, csrfToken: csrf } = useViewer();
  const like = useFetcher<LiveAnswer>();
  const submit = useRef(like.submit);
  submit.current = like.submit;
  // Taps on screen not yet counted in the platform's figure (the stream's stats or a like's answer).
  const [unsent, setUnsent] = useState(0);
  const [bump, setBump] = useState(0);
  const batcher = useMemo(
    () =>
      createLikeBatcher({
        maxPerRequest: MAX_LIKES_PER_REQUEST,
        send: async (count) => {
          await submit.current({ csrf, intent: "live_like", live_id: liveId, count: String(count), js: "1" }, { method: "post" });
          setUnsent((n) => Math.max(0, n - count));
        },
      }),
    [csrf, liveId],
  );
  useEffect(() => {
    if (like.data?.fieldError) showToast({ text: like.data.fieldError, kind: "error" });
  }, [like.data]);

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!user) return openLogin();
    setUnsent((n) => n + 1);
    setBump((n) => n + 1);
    batcher.tap();
  }

  return (
    <Form method="post" className={overlay ? "live-like live-like--overlay" : "live-like"} onSubmit={onSubmit} preventScrollReset>
      <HiddenFields js fields={{ intent: "live_like", live_id: liveId }} />
      <input type="hidden" name="count" value="1" />
      <button type="submit" className="live-like__button" aria-label={LIVE_TEXTS.like}>
        <Icon name="heart" className="live-like__heart" key={bump} />
      </button>
      <span className="live-like__count" aria-live="polite">
        {abbreviateCount(likeCount + unsent)}
      </span>
    </Form>
  );
}
