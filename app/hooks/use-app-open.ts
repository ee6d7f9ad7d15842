import { useMatches } from "@remix-run/react";
import type { AppOpenParams } from "~/lib/app-open";
import { DEFAULT_ITEM_FLAGS, type ItemFlags } from "~/lib/item-flags";

/** A field of the page on screen's loader data: the deepest route whose data carries `key` (set, not null). */
function useRouteValue<T>(key: string): T | null {
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i--) {
    const data = matches[i].data as Record<string, unknown> | null | undefined;
    if (data && typeof data === "object" && data[key] != null) return data[key] as T;
  }
  return null;
}

/** The app-open parameters of the page on screen: the deepest route whose loader data carries `appOpen`. */
export function useAppOpenParams(): AppOpenParams | null {
  return useRouteValue<AppOpenParams>("appOpen");
}

/** The flags of the page's content item (loader data `itemFlags`, lib/item-flags.ts); the defaults on a page without one. */
export function useItemFlags(): ItemFlags {
  return useRouteValue<ItemFlags>("itemFlags") ?? DEFAULT_ITEM_FLAGS;
}
