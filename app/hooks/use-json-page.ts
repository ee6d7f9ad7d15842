import { useHref } from "@remix-run/react";
import { useCallback, useState } from "react";
import { showToast } from "~/client/events";
import { NETWORK_ERROR_TEXT } from "~/lib/network-error";

/** Unlike a Remix fetcher, whose failed load shows the error boundary, a failure here leaves the page and says so in a toast. */
export function useJsonPage<T>() {
  const [data, setData] = useState<T | undefined>(undefined);
  const [loading, setLoading] = useState(false);
  // The base of the page's language: a zh-Hant page loads its more cards or comments in zh-Hant.
  const base = useHref("/");
  const load = useCallback(
    async (url: string) => {
      setLoading(true);
      try {
        const response = await fetch(base + url.replace(/^\//, ""), { headers: { accept: "application/json" } });
        const body: unknown = await response.json().catch(() => null);
        if (!response.ok) {
          const message = (body as { message?: unknown } | null)?.message;
          showToast({ text: typeof message === "string" && message ? message : NETWORK_ERROR_TEXT, kind: "error" });
          return;
        }
        setData(body as T);
      } catch {
        showToast({ text: NETWORK_ERROR_TEXT, kind: "error" });
      } finally {
        setLoading(false);
      }
    },
    [base],
  );
  return { data, loading, load };
}
