import { describe, expect, it } from "vitest";
import { contentPath, linkTarget } from "./content-path";

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
    expect(contentPath({ ...base, content_type: "article", publish_at: "2026-10-31T16:30:00Z" })).toBe(
      "/news/doc/2026/11/Xk9aQ/index.html",
    );
    expect(contentPath({ ...base, content_type: "article", publish_at: "2026-01-01 08:00:00" })).toBe(
      "/news/doc/2026/01/Xk9aQ/index.html",
    );
  });

  it("uses the given actor", () => {
    expect(contentPath({ ...base, content_type: "video" }, "preview-alice")).toBe(
      "/preview-alice/video/2026/11/Xk9aQ/index.html",
    );
  });

  it("sends link content to its own http(s) URL", () => {
    expect(contentPath({ ...base, content_type: "link", payload: { url: "https://example.org/a?b=1" } })).toBe(
      "https://example.org/a?b=1",
    );
    // Normalised by the URL parser, so what is emitted is what a browser would navigate to.
    expect(contentPath({ ...base, content_type: "link", payload: { url: "HTTP://example.org" } })).toBe("http://example.org/");
  });

  it("falls back to the document page for links without a safe URL", () => {
    for (const url of [undefined, "", "javascript:alert(1)", "//evil.com", "weixin://dl/business", "https://exa\nmple.org/", "https://a\\@evil.com/", "http://[bad"]) {
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
