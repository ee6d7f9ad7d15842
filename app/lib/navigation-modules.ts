/** What these rules read of a navigation module from app info (app/bff/app-config.server.ts has its whole shape). */
export type ModuleFacts = { id: string; title: string; category: string; isHome: boolean; binding: string; groups: { gid: string; name: string }[] };
/** A module with where it leads on the site, resolved on the server (null: app-only, or nowhere the site can go). */
type ItemFacts = ModuleFacts & { to: string | null };

// Spec section 2: app and topic modules exist only in the native app; tapping one answers this.
export const APP_ONLY_CATEGORIES = new Set(["app", "topic"]);
export const APP_ONLY_MESSAGE = "暂不支持该模块，请前往APP查看";

/** One entry of the navigation panel: a group list to open, or (to: null) an app-only module. */
export type NavigationEntry = { key: string; name: string; to: string | null };

export const groupPath = (gid: string) => `/?group=${encodeURIComponent(gid)}`;
// Stands in for the site's origin while a path or binding is parsed: one that changes it leaves the site.
export const SITE = "https://site.invalid";

/** Spec section 2 spells the last segment of list pages 'index' or 'index.html': both are the same page. */
const samePath = (a: string, b: string) => a.replace(/\/index\.html$/, "/index") === b.replace(/\/index\.html$/, "/index");

/**
 * The navigation item the page at `pathname` + `search` (relative to the base path) belongs to, or null. On the
 * home page the `group` query decides: no group is the home item, a group the first group item that lists it
 * (the home item first). Elsewhere the page must be an item's list or page, with every query parameter its
 * binding names.
 */
export function currentItem<T extends ItemFacts>(items: T[], pathname: string, search: string): T | null {
  if (pathname === "/") {
    const group = new URLSearchParams(search).get("group");
    const home = items.find((item) => item.isHome && item.category === "group");
    if (!group) return home ?? null;
    const byHomeFirst = home ? [home, ...items.filter((item) => item !== home)] : items;
    return byHomeFirst.find((item) => item.category === "group" && item.groups.some((g) => g.gid === group)) ?? null;
  }
  const query = new URLSearchParams(search);
  return (
    items.find((item) => {
      const target = item.category === "group" ? null : item.to;
      if (!target) return false;
      const url = new URL(target, SITE);
      return samePath(url.pathname, pathname) && [...url.searchParams].every(([name, value]) => query.get(name) === value);
    }) ?? null
  );
}

/**
 * A bottom bar holds at most five items (as WeChat's tab bar and Material's navigation bar do): the first five of
 * app info's items. The panel shows every item, so the ones after the fifth are reached from there.
 */
const BOTTOM_BAR_SIZE = 5;
export function bottomBarItems<T extends ItemFacts>(items: T[]): T[] {
  return items.slice(0, BOTTOM_BAR_SIZE);
}

/** Spec section 2: the bottom bar shows on the home page and on the pages its items bind, never elsewhere. */
export function showsBottomBar(items: ItemFacts[], pathname: string, search: string): boolean {
  const bar = bottomBarItems(items);
  return bar.length > 0 && (pathname === "/" || currentItem(bar, pathname, search) !== null);
}

/** A module's entries: its groups, the item itself when it is a list or a page, or an app-only entry. */
export function moduleEntries(item: ItemFacts): NavigationEntry[] {
  const appOnly = APP_ONLY_CATEGORIES.has(item.category);
  if (item.groups.length === 0 || (!appOnly && item.category !== "group")) {
    return [{ key: item.id, name: item.title, to: item.to }];
  }
  return item.groups.map((group) => ({ key: group.gid, name: group.name, to: appOnly ? null : groupPath(group.gid) }));
}

/** A module whose only entry bears its own name is that entry: it has no heading repeating the name. */
export function isSingleEntryModule(item: ItemFacts, entries: NavigationEntry[]): boolean {
  return entries.length === 1 && entries[0].name === item.title;
}

/**
 * The site's own pages that no app module names, listed under the panel's 更多 so every page of spec section 2
 * that stands without an id can be reached.
 */
export const SITE_PAGES: NavigationEntry[] = [
  { key: "search", name: "搜索", to: "/search/index" },
  { key: "dejin", name: "爆料", to: "/dejin/catalog/index" },
  { key: "activity", name: "活动", to: "/activity/index" },
  { key: "fly-card", name: "卡片", to: "/fly_card/index" },
  { key: "invite", name: "邀请有礼", to: "/invite/index" },
  { key: "bar", name: "下载APP", to: "/bar" },
];
