import { describe, expect, it } from "vitest";
import type { NavigationItem } from "~/bff/app-config.server";
import { isSingleEntryModule, moduleEntries } from "./navigation-modules";

const item = (over: Partial<NavigationItem>): NavigationItem => ({
  id: "m",
  title: "视频",
  binding: "",
  category: "group",
  isHome: false,
  groups: [],
  ...over,
});

describe("moduleEntries", () => {
  it("links each group of an ordinary module to its list", () => {
    expect(moduleEntries(item({ groups: [{ gid: "a b", name: "视频" }] }))).toEqual([{ key: "a b", name: "视频", to: "/?group=a%20b" }]);
  });

  it("makes an app-only module without groups one entry of its own, with nowhere to go", () => {
    expect(moduleEntries(item({ id: "service", title: "服务", category: "app" }))).toEqual([{ key: "service", name: "服务", to: null }]);
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
