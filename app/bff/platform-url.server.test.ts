import { describe, expect, it } from "vitest";
import { z } from "zod";
import { APP_OPEN_HASH } from "~/lib/app-open";
import { contentPath } from "~/lib/content-path";
import { json } from "./fake-platform.test-support";
import { fakePlatformTest } from "./fixtures.test-support";
import { platformUrl, safePlatformUrl } from "./platform-url.server";

const test = fakePlatformTest({ content: () => import("./content.server"), comments: () => import("./comments.server") });

describe("safePlatformUrl", () => {
  it.each([
    ["https://img.example.cn/a.jpg", "https://img.example.cn/a.jpg"],
    ["http://img.example.cn/a b.jpg", "http://img.example.cn/a%20b.jpg"],
    ["  HTTPS://IMG.example.cn/a.jpg ", "https://img.example.cn/a.jpg"],
    ["//cdn.example.cn/v.mp4", "https://cdn.example.cn/v.mp4"],
    ["/_platform/media/cover-05.jpg", "/_platform/media/cover-05.jpg"],
    ["/davmu/share/news/doc/2026/11/abc/index.html?x=1", "/davmu/share/news/doc/2026/11/abc/index.html?x=1"],
  ])("keeps %s", (value, expected) => {
    expect(safePlatformUrl(value)).toBe(expected);
  });

  it.each([
    [""],
    ["javascript:alert(1)"],
    [" JavaScript:alert(1)"],
    ["java\tscript:alert(1)"],
    ["\u0000javascript:alert(1)"],
    ["data:image/svg+xml,<svg onload=alert(1)>"],
    ["vbscript:msgbox(1)"],
    ["file:///etc/passwd"],
    ["blob:https://img.example.cn/x"],
    ["mailto:a@example.cn"],
    ["img/a.jpg"],
    ["/\\evil.example/a.jpg"],
    ["/a\nb.jpg"],
    ["http://"],
    ["https://[::1"],
  ])("drops %j", (value) => {
    expect(safePlatformUrl(value)).toBe("");
  });
});

describe("platformUrl", () => {
  const schema = z.object({ cover: platformUrl });

  it("never fails a parse: a missing, mistyped or unsafe URL reads as empty", () => {
    expect(schema.parse({}).cover).toBe("");
    expect(schema.parse({ cover: 42 }).cover).toBe("");
    expect(schema.parse({ cover: "javascript:alert(1)" }).cover).toBe("");
    expect(schema.parse({ cover: "https://img.example.cn/a.jpg" }).cover).toBe("https://img.example.cn/a.jpg");
  });
});

describe("platform answers with unsafe URLs", () => {
  const caller = { token: "t", requestId: "r" };

  const item = {
    post_id: "p1",
    content_type: "link",
    title: "标题",
    publish_at: "2026-11-20T08:00:00+08:00",
    style: { data: [{ thumb: "javascript:alert(1)", url: "data:image/png;base64,AAAA", wbep_thumb: "https://img.example.cn/ok.jpg" }] },
    payload: { url: "javascript:alert(document.cookie)", real_url: "vbscript:x" },
  };

  test("a detail keeps only http(s) images and media, and a link with an unsafe target is no link", async ({ platform, content }) => {
    platform.answer((_req, res) => json(res, { code: 0, message: "", data: { ...item, media_url: "data:video/mp4;base64,AAAA" } }));
    const detail = await content.getContentDetail(caller, "p1");
    expect(detail.style.data[0]).toEqual({ thumb: "", url: "", wbep_thumb: "https://img.example.cn/ok.jpg" });
    expect(detail.media_url).toBe("");
    // payload.url may be a mini program's page path, so it is kept as sent; nothing navigates to it unless http(s).
    expect(detail.payload.real_url).toBe("");
    expect(contentPath(detail)).not.toMatch(/script/i);
    expect(content.coverOf(detail)).toBe("");
  });

  test("list cards carry no unsafe cover, and a card whose target is unsafe opens the app-open dialog", async ({ platform, content }) => {
    const article = { ...item, post_id: "a1", content_type: "article" };
    platform.answer((_req, res) => json(res, { code: 0, message: "", data: { list: [item, article], total: 2 } }));
    const { list } = await content.listContent(caller, { page: 1, size: 10 });
    expect(list.map((card) => [card.post_id, card.cover])).toEqual([
      ["p1", ""],
      ["a1", ""],
    ]);
    expect(list[0].href).toBe(APP_OPEN_HASH);
    expect(list[1].href).toMatch(/^\/news\/doc\//);
  });

  test("comment avatars keep only http(s)", async ({ platform, comments }) => {
    const comment = { gid: "c1", content: "好", created_at: "2026-11-20T08:00:00+08:00", avatar: "javascript:alert(1)" };
    platform.answer((_req, res) =>
      json(res, { code: 0, message: "", data: { list: [comment, { ...comment, gid: "c2", avatar: "//img.example.cn/u.png" }], total: 2 } }),
    );
    const page = await comments.listComments(caller, "p1", 1);
    expect(page.list.map((c) => c.avatar)).toEqual(["", "https://img.example.cn/u.png"]);
  });
});
