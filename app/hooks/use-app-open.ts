import { useMatches } from "@remix-run/react";
import type { AppOpenParams } from "~/lib/app-open";
import { DEFAULT_ITEM_FLAGS, type ItemFlags } from "~/lib/item-flags";

/** The deepest matching route's value for `key` (set, not null). */
function useRouteValue<T>(key: string): T | null {
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i--) {
    const data = matches[i].data as Record<string, unknown> | null | undefined;
    if (data && typeof data === "object" && data[key] != null) return data[key] as T;
  }
  return null;
}

export function useAppOpenParams(): AppOpenParams | null {
  return useRouteValue<AppOpenParams>("appOpen");
}

export function useItemFlags(): ItemFlags {
  return useRouteValue<ItemFlags>("itemFlags") ?? DEFAULT_ITEM_FLAGS;
}
