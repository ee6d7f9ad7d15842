import { useEffect, useState } from "react";
import type { LiveMessage } from "~/bff/live.server";
import { openLogin, showToast } from "~/client/events";

/**
 * What the detail page's interaction action (comment, collect, follow) answers when it does not redirect: a refusal
 * names the intent it refused and gives back the text that was typed.
 */
export type InteractionAnswer = { needLogin?: boolean; fieldError?: string; intent?: string; content?: string };

/** What the action answers a live page's script (it keeps the page, no reload). */
export type LiveAnswer = InteractionAnswer & { liveMessage?: LiveMessage; likeCount?: number };

/** Asks for a login when the action answered that one is needed (the action is done after it), or shows its error. */
export function useLoginPrompt(answer: InteractionAnswer | undefined) {
  useEffect(() => {
    if (answer?.needLogin) openLogin();
    else if (answer?.fieldError) showToast({ text: answer.fieldError, kind: "error" });
  }, [answer]);
}

/**
 * The refusal shown beside a control: the one its page came back with (a post without JavaScript), then each answer
 * of its fetcher that refuses; gone as soon as the control posts again.
 */
export function useRefusal(fetcher: { state: string; data?: InteractionAnswer }, fromPage: string | undefined): string | undefined {
  const [refusal, setRefusal] = useState(fromPage);
  useEffect(() => {
    if (fetcher.state === "submitting") setRefusal(undefined);
  }, [fetcher.state]);
  useEffect(() => {
    if (fetcher.data?.fieldError) setRefusal(fetcher.data.fieldError);
  }, [fetcher.data]);
  return refusal;
}
