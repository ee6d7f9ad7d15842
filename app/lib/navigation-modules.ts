import type { NavigationItem } from "~/bff/app-config.server";

// Spec section 2: app and topic modules exist only in the native app; tapping one answers this.
const APP_ONLY_CATEGORIES = new Set(["app", "topic"]);
export const APP_ONLY_MESSAGE = "暂不支持该模块，请前往APP查看";

/** One entry of the navigation panel: a group list to open, or (to: null) an app-only module. */
export type NavigationEntry = { key: string; name: string; to: string | null };

/** A module's entries: its groups, or the module itself when an app-only module lists none. */
export function moduleEntries(item: NavigationItem): NavigationEntry[] {
  const appOnly = APP_ONLY_CATEGORIES.has(item.category);
  if (appOnly && item.groups.length === 0) return [{ key: item.id, name: item.title, to: null }];
  return item.groups.map((group) => ({
    key: group.gid,
    name: group.name,
    to: appOnly ? null : `/?group=${encodeURIComponent(group.gid)}`,
  }));
}

/** A module whose only entry bears its own name is that entry: it has no heading repeating the name. */
export function isSingleEntryModule(item: NavigationItem, entries: NavigationEntry[]): boolean {
  return entries.length === 1 && entries[0].name === item.title;
}
