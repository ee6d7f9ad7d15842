import { describe, expect, it } from "vitest";
import type { NavigationItem, NavigationModule } from "~/bff/app-config.server";
import { bottomBarItems, currentItem, isSingleEntryModule, itemTarget, moduleEntries, showsBottomBar } from "./navigation-modules";

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
    expect(moduleEntries(item({ id: "city", title: "城市", category: "list", binding: "L1" }))).toEqual([{ key: "city", name: "城市", to: "/list/L1/index" }]);
    expect(moduleEntries(item({ id: "act", title: "活动", category: "page", binding: "/activity/index" }))).toEqual([
      { key: "act", name: "活动", to: "/activity/index" },
    ]);
  });

  it("keeps an app-only module's groups, none of them leading anywhere", () => {
    const entries = moduleEntries(item({ category: "topic", groups: [{ gid: "1", name: "话题一" }, { gid: "2", name: "话题二" }] }));
    expect(entries.map((entry) => entry.to)).toEqual([null, null]);
  });
});

describe("isSingleEntryModule", () => {
  it("is true only for one entry bearing the module's name", () => {
    const video = item({ groups: [{ gid: "v", name: "视频" }] });
    expect(isSingleEntryModule(video, moduleEntries(video))).toBe(true);
    const renamed = item({ groups: [{ gid: "v", name: "短视频" }] });
    expect(isSingleEntryModule(renamed, moduleEntries(renamed))).toBe(false);
    const two = item({ groups: [{ gid: "v", name: "视频" }, { gid: "w", name: "直播" }] });
    expect(isSingleEntryModule(two, moduleEntries(two))).toBe(false);
  });
});

describe("itemTarget", () => {
  it("leads the home item home, another group item to its first group, a list item to its list", () => {
    expect(itemTarget(item({ isHome: true, groups: [{ gid: "r", name: "推荐" }] }))).toBe("/");
    expect(itemTarget(item({ groups: [{ gid: "v", name: "视频" }, { gid: "w", name: "直播" }] }))).toBe("/?group=v");
    expect(itemTarget(item({ category: "list", binding: "AbC123xy" }))).toBe("/list/AbC123xy/index");
  });

  it("leads a content-model, circle, circle-topic or law item to the page of the record it binds", () => {
    expect(itemTarget(item({ category: "content_model", binding: "M1" }))).toBe("/content_model/index?id=M1");
    expect(itemTarget(item({ category: "circle", binding: "C1" }))).toBe("/dimim/circle/index?id=C1");
    expect(itemTarget(item({ category: "circle_topic", binding: "T1" }))).toBe("/dimim/topic/index?id=T1");
    expect(itemTarget(item({ category: "fazak", binding: "Q1" }))).toBe("/fazak/problemShare/index?id=Q1");
    for (const category of ["list", "content_model", "circle", "circle_topic", "fazak"]) {
      for (const binding of ["", "../x", "a?b", "a/b", "x".repeat(65)]) expect(itemTarget(item({ category, binding })), `${category} ${binding}`).toBeNull();
    }
  });

  it("leads a tip-off item to the topic it names, or to the topics when it names none", () => {
    expect(itemTarget(item({ category: "dejin", binding: "城市随手拍" }))).toBe(`/dejin/topic/${encodeURIComponent("城市随手拍")}/index`);
    expect(itemTarget(item({ category: "dejin", binding: "a/../b?c" }))).toBe("/dejin/topic/a%2F..%2Fb%3Fc/index");
    expect(itemTarget(item({ category: "dejin" }))).toBe("/dejin/catalog/index");
    expect(itemTarget(item({ category: "dejin", binding: "话".repeat(65) }))).toBeNull();
  });

  it("never takes an inherited property for a category", () => {
    for (const category of ["constructor", "toString", "__proto__", "hasOwnProperty"]) expect(itemTarget(item({ category, binding: "x" })), category).toBeNull();
  });

  it("leads a page item to a path of the site, never elsewhere", () => {
    expect(itemTarget(item({ category: "page", binding: "/activity/index" }))).toBe("/activity/index");
    expect(itemTarget(item({ category: "page", binding: "/content_model/index?id=x&group=y" }))).toBe("/content_model/index?id=x&group=y");
    for (const binding of ["https://evil.example/", "//evil.example/x", "javascript:alert(1)", "/\\evil.example", "activity/index", "/a/../../b", "/a/%2e%2e/b", "/a b", ""]) {
      expect(itemTarget(item({ category: "page", binding })), binding).toBeNull();
    }
  });

  it("has nowhere to go for app-only items, unknown categories, lists without a usable id and group items without groups", () => {
    expect(itemTarget(item({ category: "app" }))).toBeNull();
    expect(itemTarget(item({ category: "topic", groups: [{ gid: "t", name: "话题" }] }))).toBeNull();
    expect(itemTarget(item({ category: "weather" }))).toBeNull();
    expect(itemTarget(item({ category: "list", binding: "../x" }))).toBeNull();
    expect(itemTarget(item({ category: "group" }))).toBeNull();
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
  const home = item({ id: "home", isHome: true, groups: [{ gid: "r", name: "推荐" }, { gid: "l", name: "本地" }] });
  const video = item({ id: "video", groups: [{ gid: "v", name: "视频" }, { gid: "l", name: "本地" }] });
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
