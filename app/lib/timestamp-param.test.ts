import { describe, expect, it } from "vitest";
import { needsTimestamp, withTimestamp } from "./timestamp-param";

describe("needsTimestamp", () => {
  it.each([
    "/davmu/share/news/doc/2026/11/abc/index.html",
    "/davmu/share/news/video/2026/11/abc/index.html",
    "/davmu/share/news/audio/2026/11/abc/index.html",
    "/davmu/share/news/gallery/2026/11/abc/index.html",
    "/davmu/share/news/svideo/2026/11/abc/index.html",
    "/davmu/share/news/special/2026/11/abc/index.html",
    "/davmu/share/special/abc/index",
    "/davmu/share/news/local_live/2026/11/abc/index.html",
    "/davmu/share/news/mini_program/2026/11/abc/index.html",
    "/davmu/share/news/audio_album/2026/11/abc/index.html",
    "/davmu/share/news/video_album/2026/11/abc/index.html",
  ])("wants a timestamp on %s", (pathname) => {
    expect(needsTimestamp(pathname, "")).toBe(true);
    expect(needsTimestamp(pathname, "?from=singlemessage")).toBe(true);
  });

  it("is satisfied once _t is present, even empty", () => {
    expect(needsTimestamp("/davmu/share/news/doc/2026/11/abc/index.html", "?_t=1731650000000")).toBe(false);
    expect(needsTimestamp("/davmu/share/news/doc/2026/11/abc/index.html", "?group=1&_t=")).toBe(false);
    expect(needsTimestamp("/davmu/share/news/doc/2026/11/abc/index.html", "_t=1")).toBe(false);
  });

  it.each(["/davmu/share/", "/davmu/share/search/index", "/davmu/share/list/3/index", "/davmu/share/docs", "/davmu/share/news/videos/x"])(
    "leaves %s alone",
    (pathname) => {
      expect(needsTimestamp(pathname, "")).toBe(false);
    },
  );
});

describe("withTimestamp", () => {
  it("adds _t to a path and keeps other parameters and the hash", () => {
    expect(withTimestamp("/davmu/share/news/doc/2026/11/abc/index.html?group=2#c", 1731650000000)).toBe(
      "/davmu/share/news/doc/2026/11/abc/index.html?group=2&_t=1731650000000#c",
    );
  });

  it("keeps an absolute URL absolute", () => {
    expect(withTimestamp("https://share.example.cn/davmu/share/news/doc/x/index.html", 5)).toBe(
      "https://share.example.cn/davmu/share/news/doc/x/index.html?_t=5",
    );
  });

  it("replaces an existing _t instead of repeating it", () => {
    expect(withTimestamp("/davmu/share/news/doc/x/index.html?_t=1&_t=2", 9)).toBe("/davmu/share/news/doc/x/index.html?_t=9");
  });
});
