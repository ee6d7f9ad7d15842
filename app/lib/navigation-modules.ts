export type ModuleFacts = { id: string; title: string; category: string; isHome: boolean; binding: string; groups: { gid: string; name: string }[] };
type ItemFacts = ModuleFacts & { to: string | null };

export const APP_ONLY_CATEGORIES = new Set(["app", "topic"]);
export const APP_ONLY_MESSAGE = "暂不支持该模块，请前往APP查看";

export type NavigationEntry = { key: string; name: string; to: string | null };

export const groupPath = (gid: string) => `/?group=${encodeURIComponent(gid)}`;
// A path or binding that changes this origin while parsed leaves the site.
export const SITE = "https://site.invalid";

/** Spec section 2 spells list pages' last segment 'index' or 'index.html'. */
const samePath = (a: string, b: string) => a.replace(/\/index\.html$/, "/index") === b.replace(/\/index\.html$/, "/index");

/** On the home page the `group` query decides; elsewhere the page must match an item's binding, query included. */
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

/** As WeChat's tab bar and Material's navigation bar; the panel reaches the rest. */
const BOTTOM_BAR_SIZE = 5;
export function bottomBarItems<T extends ItemFacts>(items: T[]): T[] {
  return items.slice(0, BOTTOM_BAR_SIZE);
}

export function showsBottomBar(items: ItemFacts[], pathname: string, search: string): boolean {
  const bar = bottomBarItems(items);
  return bar.length > 0 && (pathname === "/" || currentItem(bar, pathname, search) !== null);
}

export function moduleEntries(item: ItemFacts): NavigationEntry[] {
  const appOnly = APP_ONLY_CATEGORIES.has(item.category);
  if (item.groups.length === 0 || (!appOnly && item.category !== "group")) {
    return [{ key: item.id, name: item.title, to: item.to }];
  }
  return item.groups.map((group) => ({ key: group.gid, name: group.name, to: appOnly ? null : groupPath(group.gid) }));
}

export function isSingleEntryModule(item: ItemFacts, entries: NavigationEntry[]): boolean {
  return entries.length === 1 && entries[0].name === item.title;
}

/** So every page of spec section 2 that stands without an id can be reached. */
export const SITE_PAGES: NavigationEntry[] = [
  { key: "search", name: "搜索", to: "/search/index" },
  { key: "dejin", name: "爆料", to: "/dejin/catalog/index" },
  { key: "activity", name: "活动", to: "/activity/index" },
  { key: "fly-card", name: "卡片", to: "/fly_card/index" },
  { key: "invite", name: "邀请有礼", to: "/invite/index" },
  { key: "bar", name: "下载APP", to: "/bar" },
];
