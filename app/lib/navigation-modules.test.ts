import { describe, expect, it } from "vitest";
import type { NavigationItem, NavigationModule } from "~/bff/app-config.server";
import { bottomBarItems, currentItem, isSingleEntryModule, moduleEntries, showsBottomBar } from "./navigation-modules";
import { itemTarget } from "./navigation-target";

/** A module as the site receives it: its target resolved as app-config.server does. */
const item = (over: Partial<NavigationModule>): NavigationItem => {
  const module: NavigationModule = { id: "m", title: "视频", binding: "", category: "group", isHome: false, groups: [], ...over };
  return { ...module, to: itemTarget(module) };
};

describe("moduleEntries", () => {
  it("links each group of an ordinary module to its list", () => {
    expect(moduleEntries(item({ groups: [{ gid: "a b", name: "视频" }] }))).toEqual([{ key: "a b", name: "视频", to: "/?group=a%20b" }]);
  });

  it("makes an app-only module without groups one entry of its own, with nowhere to go", () => {
    expect(moduleEntries(item({ id: "service", title: "服务", category: "app" }))).toEqual([{ key: "service", name: "服务", to: null }]);
  });

  it("makes a list or page module one entry leading to its list or page", () => {
    expect(moduleEntries(item({ id: "city", title: "城市", category: "list", binding: "L1" }))).toEqual([
      { key: "city", name: "城市", to: "/list/L1/index" },
    ]);
    expect(moduleEntries(item({ id: "act", title: "活动", category: "page", binding: "/activity/index" }))).toEqual([
      { key: "act", name: "活动", to: "/activity/index" },
    ]);
  });

  it("keeps an app-only module's groups, none of them leading anywhere", () => {
    const entries = moduleEntries(
      item({
        category: "topic",
        groups: [
          { gid: "1", name: "话题一" },
          { gid: "2", name: "话题二" },
        ],
      }),
    );
    expect(entries.map((entry) => entry.to)).toEqual([null, null]);
  });
});

describe("isSingleEntryModule", () => {
  it("is true only for one entry bearing the module's name", () => {
    const video = item({ groups: [{ gid: "v", name: "视频" }] });
    expect(isSingleEntryModule(video, moduleEntries(video))).toBe(true);
    const renamed = item({ groups: [{ gid: "v", name: "短视频" }] });
    expect(isSingleEntryModule(renamed, moduleEntries(renamed))).toBe(false);
    const two = item({
      groups: [
        { gid: "v", name: "视频" },
        { gid: "w", name: "直播" },
      ],
    });
    expect(isSingleEntryModule(two, moduleEntries(two))).toBe(false);
  });
});

describe("the bottom bar", () => {
  const items = ["a", "b", "c", "d", "e", "f", "g"].map((id) => item({ id, category: "circle", binding: id.toUpperCase() }));

  it("holds the first five items; the rest are the panel's alone", () => {
    expect(bottomBarItems(items).map((entry) => entry.id)).toEqual(["a", "b", "c", "d", "e"]);
  });

  it("shows on the pages of its own items only", () => {
    expect(showsBottomBar(items, "/dimim/circle/index", "?id=E")).toBe(true);
    expect(showsBottomBar(items, "/dimim/circle/index", "?id=F")).toBe(false);
    expect(showsBottomBar(items, "/", "")).toBe(true);
    expect(showsBottomBar([], "/", "")).toBe(false);
  });
});

describe("currentItem", () => {
  const home = item({
    id: "home",
    isHome: true,
    groups: [
      { gid: "r", name: "推荐" },
      { gid: "l", name: "本地" },
    ],
  });
  const video = item({
    id: "video",
    groups: [
      { gid: "v", name: "视频" },
      { gid: "l", name: "本地" },
    ],
  });
  const list = item({ id: "city", category: "list", binding: "L1" });
  const page = item({ id: "model", category: "page", binding: "/content_model/index?id=m1" });
  const service = item({ id: "service", category: "app" });
  const items = [video, home, list, page, service];
  const current = (path: string, search = "") => currentItem(items, path, search)?.id ?? null;

  it("is the home item on the home page without a group, and the group's item with one (home first)", () => {
    expect(current("/")).toBe("home");
    expect(current("/", "?group=v")).toBe("video");
    expect(current("/", "?group=l&page=2")).toBe("home");
    expect(current("/", "?group=unknown")).toBeNull();
  });

  it("is the list or page item on its own page, in either spelling of the index segment", () => {
    expect(current("/list/L1/index")).toBe("city");
    expect(current("/list/L1/index.html", "?page=2")).toBe("city");
    expect(current("/list/L2/index")).toBeNull();
    expect(current("/content_model/index", "?id=m1&group=g")).toBe("model");
    expect(current("/content_model/index", "?id=m2")).toBeNull();
  });

  it("is nothing on other pages: detail pages never carry the bar", () => {
    expect(current("/news/doc/2026/11/abc/index.html")).toBeNull();
    expect(current("/search/index")).toBeNull();
  });
});
