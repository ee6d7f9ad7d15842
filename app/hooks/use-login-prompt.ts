import { useEffect, useState } from "react";
import type { LiveMessage } from "~/bff/live.server";
import { openLogin, showToast } from "~/client/events";

export type InteractionAnswer = { needLogin?: boolean; fieldError?: string; intent?: string; content?: string };

export type LiveAnswer = InteractionAnswer & { liveMessage?: LiveMessage; likeCount?: number };

export function useLoginPrompt(answer: InteractionAnswer | undefined) {
  useEffect(() => {
    if (answer?.needLogin) openLogin();
    else if (answer?.fieldError) showToast({ text: answer.fieldError, kind: "error" });
  }, [answer]);
}

/** The page's own refusal (a post without JavaScript), then each refusing fetcher answer; cleared when the control posts again. */
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
