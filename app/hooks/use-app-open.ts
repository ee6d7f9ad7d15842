import { useMatches } from "@remix-run/react";
import type { AppOpenParams } from "~/lib/app-open";

/** The app-open parameters of the page on screen: the deepest route whose loader data carries `appOpen`. */
export function useAppOpenParams(): AppOpenParams | null {
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i--) {
    const data = matches[i].data as { appOpen?: AppOpenParams } | null | undefined;
    if (data && typeof data === "object" && data.appOpen) return data.appOpen;
  }
  return null;
}
