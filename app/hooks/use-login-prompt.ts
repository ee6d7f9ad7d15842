import { useEffect } from "react";
import type { LiveMessage } from "~/bff/live.server";
import { openLogin, showToast } from "~/client/events";

/** What the detail page's interaction action (comment, collect, follow) answers when it does not redirect. */
export type InteractionAnswer = { needLogin?: boolean; fieldError?: string };

/** What the action answers a live page's script (it keeps the page, no reload). */
export type LiveAnswer = InteractionAnswer & { liveMessage?: LiveMessage; likeCount?: number };

/** Asks for a login when the action answered that one is needed (the action is done after it), or shows its error. */
export function useLoginPrompt(answer: InteractionAnswer | undefined) {
  useEffect(() => {
    if (answer?.needLogin) openLogin();
    else if (answer?.fieldError) showToast({ text: answer.fieldError, kind: "error" });
  }, [answer]);
}
