import { describe, expect, it } from "vitest";
import type { NavigationModule } from "~/bff/app-config.server";
import { itemTarget } from "./navigation-target";

const item = (over: Partial<NavigationModule>): NavigationModule => ({
  id: "m",
  title: "视频",
  binding: "",
  category: "group",
  isHome: false,
  groups: [],
  ...over,
});

describe("itemTarget", () => {
  it("leads the home item home, another group item to its first group, a list item to its list", () => {
    expect(itemTarget(item({ isHome: true, groups: [{ gid: "r", name: "推荐" }] }))).toBe("/");
    expect(
      itemTarget(
        item({
          groups: [
            { gid: "v", name: "视频" },
            { gid: "w", name: "直播" },
          ],
        }),
      ),
    ).toBe("/?group=v");
    expect(itemTarget(item({ category: "list", binding: "AbC123xy" }))).toBe("/list/AbC123xy/index");
  });

  it("leads a content-model, circle, circle-topic or law item to the page of the record it binds", () => {
    expect(itemTarget(item({ category: "content_model", binding: "M1" }))).toBe("/content_model/index?id=M1");
    expect(itemTarget(item({ category: "circle", binding: "C1" }))).toBe("/dimim/circle/index?id=C1");
    expect(itemTarget(item({ category: "circle_topic", binding: "T1" }))).toBe("/dimim/topic/index?id=T1");
    expect(itemTarget(item({ category: "fazak", binding: "Q1" }))).toBe("/fazak/problemShare/index?id=Q1");
    for (const category of ["list", "content_model", "circle", "circle_topic", "fazak"]) {
      for (const binding of ["", "../x", "a?b", "a/b", "x".repeat(65)])
        expect(itemTarget(item({ category, binding })), `${category} ${binding}`).toBeNull();
    }
  });

  it("leads a tip-off item to the topic it names, or to the topics when it names none", () => {
    expect(itemTarget(item({ category: "dejin", binding: "城市随手拍" }))).toBe(`/dejin/topic/${encodeURIComponent("城市随手拍")}/index`);
    expect(itemTarget(item({ category: "dejin", binding: "a/../b?c" }))).toBe("/dejin/topic/a%2F..%2Fb%3Fc/index");
    expect(itemTarget(item({ category: "dejin" }))).toBe("/dejin/catalog/index");
    expect(itemTarget(item({ category: "dejin", binding: "话".repeat(65) }))).toBeNull();
  });

  it("never takes an inherited property for a category", () => {
    for (const category of ["constructor", "toString", "__proto__", "hasOwnProperty"])
      expect(itemTarget(item({ category, binding: "x" })), category).toBeNull();
  });

  it("leads a page item to a path of the site, never elsewhere", () => {
    expect(itemTarget(item({ category: "page", binding: "/activity/index" }))).toBe("/activity/index");
    expect(itemTarget(item({ category: "page", binding: "/content_model/index?id=x&group=y" }))).toBe("/content_model/index?id=x&group=y");
    for (const binding of [
      "https://evil.example/",
      "//evil.example/x",
      "javascript:alert(1)",
      "/\\evil.example",
      "activity/index",
      "/a/../../b",
      "/a/%2e%2e/b",
      "/a b",
      "",
    ]) {
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
