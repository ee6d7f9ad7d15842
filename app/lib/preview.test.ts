import { describe, expect, it } from "vitest";
import { formatCountdown, isPreviewActor, isPreviewDetail, isPreviewRequest, previewDeadline, previewReloadTarget } from "./preview";

const NOW = 1_795_000_000_000;
const PAGE = "/davmu/share/preview-wang/doc/2026/11/abc/index.html";
/** Spec section 9's preview reload window. */
const RELOAD_WINDOW_MS = 30_000;

describe("previewReloadTarget", () => {
  it("adds _ = now when it is missing, keeping the rest of the address", () => {
    expect(previewReloadTarget(`${PAGE}?preview=tok&_t=1#top`, NOW)).toBe(`${PAGE}?preview=tok&_t=1&_=${NOW}#top`);
    expect(previewReloadTarget(PAGE, NOW)).toBe(`${PAGE}?_=${NOW}`);
  });

  it("leaves a fresh _ alone, up to the limit", () => {
    expect(previewReloadTarget(`${PAGE}?preview=tok&_=${NOW}`, NOW)).toBeNull();
    expect(previewReloadTarget(`${PAGE}?_=${NOW - RELOAD_WINDOW_MS}`, NOW)).toBeNull();
  });

  it("replaces a stale, future, empty or malformed _", () => {
    for (const stamp of [String(NOW - RELOAD_WINDOW_MS - 1), String(NOW + RELOAD_WINDOW_MS + 1), "", "abc", "1e12", "-5", "9".repeat(40)]) {
      expect(previewReloadTarget(`${PAGE}?preview=tok&_=${encodeURIComponent(stamp)}`, NOW)).toBe(`${PAGE}?preview=tok&_=${NOW}`);
    }
  });

  it("never loops: its target passes the rule", () => {
    for (const href of [PAGE, `${PAGE}?_=1`, `${PAGE}?_=x&_=y`, `http://localhost:3000${PAGE}?preview=t`]) {
      const target = previewReloadTarget(href, NOW);
      expect(target).not.toBeNull();
      expect(previewReloadTarget(target!, NOW)).toBeNull();
      expect(previewReloadTarget(target!, NOW + RELOAD_WINDOW_MS)).toBeNull();
    }
  });

  it("keeps an absolute URL absolute", () => {
    expect(previewReloadTarget(`http://localhost:3000${PAGE}`, NOW)).toBe(`http://localhost:3000${PAGE}?_=${NOW}`);
  });
});

describe("preview addresses", () => {
  it("recognises a preview actor (spec: the actor contains 'preview-')", () => {
    expect(isPreviewActor("preview-wang")).toBe(true);
    expect(isPreviewActor("x-preview-wang")).toBe(true);
    expect(isPreviewActor("news")).toBe(false);
    expect(isPreviewActor("preview")).toBe(false);
    expect(isPreviewActor(undefined)).toBe(false);
  });

  it("recognises /{actor}/doc/…/preview, for documents only", () => {
    expect(isPreviewDetail({ actor: "news", segment: "doc", index: "preview" })).toBe(true);
    expect(isPreviewDetail({ actor: "news", segment: "video", index: "preview" })).toBe(false);
    expect(isPreviewDetail({ actor: "news", segment: "doc", index: "index.html" })).toBe(false);
  });

  it.each([
    [PAGE, ""],
    ["/davmu/share/preview-wang/video/abc/index.html", ""],
    ["/davmu/share/news/doc/2026/11/abc/preview", ""],
    ["/davmu/share/news/doc/abc/preview", ""],
    ["/davmu/share/news/doc/2026/11/abc/index.html", "?preview=tok"],
  ])("treats %s%s as a preview request", (pathname, search) => {
    expect(isPreviewRequest(pathname, search)).toBe(true);
  });

  it.each([
    ["/davmu/share/news/doc/2026/11/abc/index.html", "?_=1"],
    ["/davmu/share/", ""],
    ["/davmu/share/preview-wang", ""],
    ["/elsewhere/preview-wang/doc/2026/11/abc/index.html", ""],
    ["/davmu/share/%E0%A4%A/doc/2026/11/abc/index.html", ""],
  ])("treats %s%s as an ordinary request", (pathname, search) => {
    expect(isPreviewRequest(pathname, search)).toBe(false);
  });
});

describe("previewDeadline", () => {
  it("is expired_at when the draft has one", () => {
    expect(previewDeadline("2026-11-22T13:30:00.000Z", NOW)).toBe(Date.parse("2026-11-22T13:30:00.000Z"));
  });

  it("is 30 minutes from now without one, or with one that is not a date (spec section 4)", () => {
    expect(previewDeadline(null, NOW)).toBe(NOW + 1_800_000);
    expect(previewDeadline("soon", NOW)).toBe(NOW + 1_800_000);
  });
});

describe("formatCountdown", () => {
  it.each([
    [1_800_000, "30:00"],
    [1_799_001, "30:00"],
    [1_799_000, "29:59"],
    [61_000, "01:01"],
    [999, "00:01"],
    [0, "00:00"],
    [-5_000, "00:00"],
    [2 * 3_600_000, "120:00"],
  ])("shows %i ms as %s", (ms, text) => {
    expect(formatCountdown(ms)).toBe(text);
  });
});
