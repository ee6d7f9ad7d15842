import { describe, expect, it } from "vitest";
import { PAGE_TYPE_LABELS, pageTypeOf } from "~/lib/page-type";

describe("pageTypeOf", () => {
  it.each([
    ["/davmu/share/", "home"],
    ["/davmu/share", "home"],
    ["/davmu/share/zh-Hant/", "home"],
    ["/davmu/share/news/doc/2024/05/abc123/index.html", "article"],
    ["/davmu/share/zh-Hant/news/gallery/2024/05/abc123/index.html", "image"],
    ["/davmu/share/someone/video/abc123/index.html", "video"],
    ["/davmu/share/list/abc/index", "list"],
    ["/davmu/share/special/abc/index", "special"],
    ["/davmu/share/search/index", "search"],
    ["/davmu/share/news/unknown-type/2024/05/abc/index.html", "other"],
    ["/davmu/share/nothing", "other"],
    ["/elsewhere/news/doc/2024/05/abc123/index.html", "other"],
  ])("%s → %s", (path, type) => {
    expect(pageTypeOf(path)).toBe(type);
  });

  it("answers only label values of its fixed set", () => {
    for (const path of ["/davmu/share/<script>/a/b/c", "/davmu/share/x/article/1/2/3", "/davmu/share/" + "a/".repeat(50)]) {
      expect(PAGE_TYPE_LABELS.has(pageTypeOf(path))).toBe(true);
    }
  });
});
