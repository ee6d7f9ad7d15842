import { describe, expect, it } from "vitest";
import { APP_OPEN_HASH } from "./app-open";
import { contentPath, contentTarget, linkTarget } from "./content-path";

const base = { post_id: "Xk9aQ", publish_at: "2026-11-05T10:00:00+08:00" };

describe("contentPath", () => {
  it.each([
    ["article", "doc"],
    ["video", "video"],
    ["svideo", "svideo"],
    ["audio", "audio"],
    ["image", "gallery"],
    ["video_album", "video_album"],
    ["audio_album", "audio_album"],
    ["mini_program", "mini_program"],
    ["local_live", "local_live"],
  ])("puts %s under /%s/", (content_type, segment) => {
    expect(contentPath({ ...base, content_type })).toBe(`/news/${segment}/2026/11/Xk9aQ/index.html`);
  });

  it("ends a special topic's address in 'index' (spec section 2)", () => {
    expect(contentPath({ ...base, content_type: "special" })).toBe("/news/special/2026/11/Xk9aQ/index");
  });

  it("uses year and month in UTC+8", () => {
    expect(contentPath({ ...base, content_type: "article", publish_at: "2026-10-31T16:30:00Z" })).toBe("/news/doc/2026/11/Xk9aQ/index.html");
    expect(contentPath({ ...base, content_type: "article", publish_at: "2026-01-01 08:00:00" })).toBe("/news/doc/2026/01/Xk9aQ/index.html");
  });

  it("uses the given actor", () => {
    expect(contentPath({ ...base, content_type: "video" }, "preview-alice")).toBe("/preview-alice/video/2026/11/Xk9aQ/index.html");
  });

  it("sends link content to its own http(s) URL", () => {
    expect(contentPath({ ...base, content_type: "link", payload: { url: "https://example.org/a?b=1" } })).toBe("https://example.org/a?b=1");
    // Normalised by the URL parser, so what is emitted is what a browser would navigate to.
    expect(contentPath({ ...base, content_type: "link", payload: { url: "HTTP://example.org" } })).toBe("http://example.org/");
  });

  it("falls back to the document page for links without a safe URL", () => {
    for (const url of [
      undefined,
      "",
      "javascript:alert(1)",
      "//evil.com",
      "weixin://dl/business",
      "https://exa\nmple.org/",
      "https://a\\@evil.com/",
      "http://[bad",
    ]) {
      expect(contentPath({ ...base, content_type: "link", payload: { url } })).toBe("/news/doc/2026/11/Xk9aQ/index.html");
    }
    expect(contentPath({ ...base, content_type: "link" })).toBe("/news/doc/2026/11/Xk9aQ/index.html");
  });

  it("falls back to the document page for unknown types and prototype keys", () => {
    expect(contentPath({ ...base, content_type: "h5" })).toBe("/news/doc/2026/11/Xk9aQ/index.html");
    expect(contentPath({ ...base, content_type: "constructor" })).toBe("/news/doc/2026/11/Xk9aQ/index.html");
  });

  it("still builds a path when publish_at is not a date", () => {
    expect(contentPath({ ...base, content_type: "article", publish_at: "" })).toBe("/news/doc/0000/00/Xk9aQ/index.html");
  });

  it("encodes path-breaking characters in ids", () => {
    expect(contentPath({ ...base, content_type: "article", post_id: "a/../b" })).toBe("/news/doc/2026/11/a%2F..%2Fb/index.html");
  });
});

describe("linkTarget", () => {
  it("gives http(s) targets of link content only", () => {
    expect(linkTarget({ content_type: "link", payload: { url: "https://example.org/" } })).toBe("https://example.org/");
    expect(linkTarget({ content_type: "link", payload: { url: "javascript:alert(1)" } })).toBeNull();
    expect(linkTarget({ content_type: "link", payload: { url: "" } })).toBeNull();
    expect(linkTarget({ content_type: "article", payload: { url: "https://example.org/" } })).toBeNull();
  });
});

describe("contentTarget: where every content-model type's card leads", () => {
  it.each(["article", "video", "svideo", "audio", "image", "video_album", "audio_album", "mini_program", "local_live", "special"])(
    "leads %s to its own page",
    (content_type) => {
      expect(contentTarget({ ...base, content_type })).toBe(contentPath({ ...base, content_type }));
    },
  );

  it.each(["link", "h5", "cloud_form"])("leads %s to its http(s) payload.url; a refused one falls back like an unknown type", (content_type) => {
    expect(contentTarget({ ...base, content_type, payload: { url: "https://forms.example.cn/f/1?a=b" } })).toBe("https://forms.example.cn/f/1?a=b");
    for (const url of [undefined, "", "javascript:alert(1)", "//evil.com", "weixin://dl/business", "https://a\\@evil.com/"]) {
      expect(contentTarget({ ...base, content_type, payload: { url } })).toBe(APP_OPEN_HASH);
      expect(contentTarget({ ...base, content_type, payload: { url }, share_link: "https://m.example.cn/s/1" })).toBe("https://m.example.cn/s/1");
    }
  });

  it("leads topic, sp_topic and live to the page their target_id names", () => {
    expect(contentTarget({ ...base, content_type: "topic", payload: { target_id: "Tp1x" } })).toBe("/dimim/topic/index?id=Tp1x");
    expect(contentTarget({ ...base, content_type: "sp_topic", payload: { target_id: "Sp1x" } })).toBe("/special/Sp1x/index");
    expect(contentTarget({ ...base, content_type: "live", payload: { target_id: "Lv1x" } })).toBe("/news/local_live/2026/11/Lv1x/index.html");
  });

  it.each(["topic", "sp_topic", "live"])("leads %s without a usable target_id to its share link, else to the app-open dialog", (content_type) => {
    for (const target_id of [undefined, "", "../../x", "a/b", "x".repeat(65)]) {
      expect(contentTarget({ ...base, content_type, payload: { target_id } })).toBe(APP_OPEN_HASH);
      expect(contentTarget({ ...base, content_type, payload: { target_id }, share_link: "https://m.example.cn/t/1" })).toBe(
        "https://m.example.cn/t/1",
      );
      expect(contentTarget({ ...base, content_type, payload: { target_id }, share_link: "javascript:alert(1)" })).toBe(APP_OPEN_HASH);
    }
  });

  it("leads a type the site does not know to its share link, else to the app-open dialog", () => {
    expect(contentTarget({ ...base, content_type: "vote", share_link: "https://m.example.cn/vote/1" })).toBe("https://m.example.cn/vote/1");
    expect(contentTarget({ ...base, content_type: "vote", share_link: "javascript:alert(1)" })).toBe(APP_OPEN_HASH);
    expect(contentTarget({ ...base, content_type: "constructor" })).toBe(APP_OPEN_HASH);
  });
});
