import { describe, expect, it } from "vitest";
import { detectDevice } from "~/lib/device";
import {
  cardIdOf,
  completeEvent,
  createBatcher,
  createExposureLog,
  exposeEvent,
  isFullyVisible,
  isPreviewPage,
  MAX_BATCH_BYTES,
  pageTarget,
  plainEvent,
  readEvent,
  risenPercent,
  type BrowserEvent,
} from "~/lib/tracking";

const ANDROID = "Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36";
const IPHONE =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1";
const HARMONY = "Mozilla/5.0 (Phone; OpenHarmony 4.1) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/114.0 Safari/537.36 ArkWeb/4.1.6.1 Mobile";
const DESKTOP = "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36";

const ARTICLE = { tid: "Xk9aQ2bL" };
const AT = Date.UTC(2026, 10, 22, 12, 0, 0, 750);
/** A reader's ids as the server knows them. */
const READER = { deviceId: "3f9a0c1d2e4b5a6978c0d1e2f3a4b5c6", anonymousId: "a1b2c3d4e5f60718293a4b5c6d7e8f90" };

describe("event fields (spec section 3)", () => {
  it("gives a view exactly the spec's fields and the reader's ids, timestamp in seconds, no duration or percent", () => {
    const event = completeEvent(plainEvent("view", ARTICLE, AT), { device: detectDevice(ANDROID), userId: "u8Kd02mX", ...READER });
    expect(event).toStrictEqual({
      timestamp: Math.floor(AT / 1000),
      version: "1",
      terminal: "wap",
      tid: "Xk9aQ2bL",
      behavior: "view",
      device_type: "mobile",
      device_os: "android",
      user_id: "u8Kd02mX",
      device_id: READER.deviceId,
      anonymous_id: READER.anonymousId,
    });
  });

  it("adds duration in whole seconds and percent to a read event, and only to it", () => {
    const read = completeEvent(readEvent(ARTICLE, AT, 12_999, 64), { device: detectDevice(IPHONE), userId: null, ...READER });
    expect(read).toMatchObject({ behavior: "read", duration: 12, percent: 64, device_os: "ios", user_id: "" });
    expect(Object.keys(read)).toEqual([
      "timestamp",
      "version",
      "terminal",
      "tid",
      "behavior",
      "device_type",
      "device_os",
      "user_id",
      "device_id",
      "anonymous_id",
      "duration",
      "percent",
    ]);
    const expose = completeEvent(exposeEvent(["a1", "b2"], AT), { device: detectDevice(IPHONE), userId: null, ...READER });
    expect(expose).not.toHaveProperty("duration");
    expect(expose).not.toHaveProperty("percent");
    // Extra fields a page might send are not passed on.
    const forged = { ...plainEvent("view", ARTICLE, AT), duration: 5, percent: 10, user_id: "someone" } as BrowserEvent;
    expect(completeEvent(forged, { device: detectDevice(IPHONE), userId: null, ...READER })).not.toHaveProperty("duration");
    expect(completeEvent(forged, { device: detectDevice(IPHONE), userId: null, ...READER }).user_id).toBe("");
  });

  it("joins the ids of cards seen together with |", () => {
    expect(exposeEvent(["a1", "b2", "c3"], AT)).toEqual({ behavior: "expose", timestamp: Math.floor(AT / 1000), tid: "a1|b2|c3" });
  });

  it("names the device type and system from the request's user agent", () => {
    const os = (ua: string) => completeEvent(plainEvent("view", ARTICLE, AT), { device: detectDevice(ua), userId: null, ...READER });
    expect(os(HARMONY)).toMatchObject({ device_type: "mobile", device_os: "harmony" });
    expect(os(DESKTOP)).toMatchObject({ device_type: "desktop", device_os: "other" });
  });

  it("keeps the path only for events that name no content", () => {
    const home = completeEvent(plainEvent("view", { tid: "", path: "/" }, AT), { device: detectDevice(ANDROID), userId: null, ...READER });
    expect(home).toMatchObject({ tid: "", path: "/" });
    const article = completeEvent({ ...plainEvent("view", ARTICLE, AT), path: "/x" }, { device: detectDevice(ANDROID), userId: null, ...READER });
    expect(article).not.toHaveProperty("path");
  });
});

describe("pageTarget", () => {
  it("reads the content id from a detail URL, with or without year and month, under the base path or not", () => {
    expect(pageTarget("/davmu/share/news/doc/2026/11/Xk9aQ2bL/index.html")).toEqual({ tid: "Xk9aQ2bL" });
    expect(pageTarget("/news/video/Xk9aQ2bL/index.html")).toEqual({ tid: "Xk9aQ2bL" });
    expect(pageTarget("/davmu/share/news/gallery/2026/Xk9aQ2bL/index.html")).toEqual({ tid: "Xk9aQ2bL" });
  });

  it("reads special topics by their own last segment, with or without an actor", () => {
    expect(pageTarget("/davmu/share/special/Xk9aQ2bL/index")).toEqual({ tid: "Xk9aQ2bL" });
    expect(pageTarget("/davmu/share/news/special/2026/11/Xk9aQ2bL/index")).toEqual({ tid: "Xk9aQ2bL" });
    expect(pageTarget("/davmu/share/news/special/2026/11/Xk9aQ2bL/index.html")).toMatchObject({ tid: "" });
  });

  it("names any other page by its path", () => {
    expect(pageTarget("/davmu/share/")).toEqual({ tid: "", path: "/" });
    expect(pageTarget("/davmu/share/search")).toEqual({ tid: "", path: "/search" });
    expect(pageTarget("/davmu/share/news/unknown/2026/11/Xk9aQ2bL/index.html")).toMatchObject({ tid: "" });
    expect(pageTarget("/davmu/share/news/doc/2026/11/Xk9aQ2bL/other.html")).toMatchObject({ tid: "" });
    expect(pageTarget("/davmu/share/news/doc/2026/11/bad%20id/index.html")).toMatchObject({ tid: "" });
  });
});

describe("isPreviewPage (spec section 4: no statistics in preview mode)", () => {
  it("is true for a preview- actor or a preview query parameter", () => {
    expect(isPreviewPage("/davmu/share/preview-wang/doc/2026/05/Xk9aQ2bL/index.html", "")).toBe(true);
    expect(isPreviewPage("/news/doc/2026/05/Xk9aQ2bL/index.html", "?preview=token")).toBe(true);
    expect(isPreviewPage("/news/doc/2026/05/Xk9aQ2bL/index.html", "?a=1&preview")).toBe(true);
  });

  it("is false otherwise", () => {
    expect(isPreviewPage("/davmu/share/news/doc/2026/05/Xk9aQ2bL/index.html", "?_t=1")).toBe(false);
    expect(isPreviewPage("/davmu/share/", "")).toBe(false);
    expect(isPreviewPage("/davmu/share/news/preview-wang/x", "?previewing=1")).toBe(false);
  });
});

describe("risenPercent (spec section 4: percent only rises)", () => {
  const view = (scrollTop: number) => ({ scrollTop, viewportHeight: 800, scrollHeight: 4000 });

  it("is the bottom of the viewport over the page height", () => {
    expect(risenPercent(0, view(0))).toBe(20);
    expect(risenPercent(0, view(1600))).toBe(60);
    expect(risenPercent(0, view(3200))).toBe(100);
  });

  it("never falls when the visitor scrolls back up", () => {
    const down = risenPercent(0, view(2000));
    expect(down).toBe(70);
    expect(risenPercent(down, view(0))).toBe(70);
  });

  it("stays within 0-100 whatever the browser reports (overscroll, an empty page)", () => {
    expect(risenPercent(0, view(9000))).toBe(100);
    expect(risenPercent(0, { scrollTop: -50, viewportHeight: 0, scrollHeight: 4000 })).toBe(0);
    expect(risenPercent(0, { scrollTop: 0, viewportHeight: 800, scrollHeight: 0 })).toBe(100);
  });
});

describe("exposure rule", () => {
  it("reads the id from the card-id- class", () => {
    expect(cardIdOf("card card-id-Xk9aQ2bL")).toBe("Xk9aQ2bL");
    expect(cardIdOf("card-id-a1 card")).toBe("a1");
    expect(cardIdOf("card")).toBeNull();
    expect(cardIdOf("my-card-id-a1")).toBeNull();
    expect(cardIdOf("card-id-")).toBeNull();
  });

  const viewport = { top: 0, left: 0, bottom: 844, right: 390 };

  it("counts a card only when all of it is inside every container", () => {
    expect(isFullyVisible({ top: 100, left: 0, bottom: 200, right: 390 }, [viewport])).toBe(true);
    expect(isFullyVisible({ top: 800, left: 0, bottom: 900, right: 390 }, [viewport])).toBe(false);
    expect(isFullyVisible({ top: -10, left: 0, bottom: 90, right: 390 }, [viewport])).toBe(false);
    // In the viewport but scrolled out of a horizontal row.
    const row = { top: 100, left: 0, bottom: 300, right: 390 };
    expect(isFullyVisible({ top: 110, left: 300, bottom: 290, right: 500 }, [row, viewport])).toBe(false);
    expect(isFullyVisible({ top: 110, left: 10, bottom: 290, right: 200 }, [row, viewport])).toBe(true);
  });

  it("forgives sub-pixel layout but not a hidden (empty) card", () => {
    expect(isFullyVisible({ top: -0.3, left: 0, bottom: 844.4, right: 390 }, [viewport])).toBe(true);
    expect(isFullyVisible({ top: 0, left: 0, bottom: 0, right: 0 }, [viewport])).toBe(false);
  });

  it("exposes each card once per page view", () => {
    const log = createExposureLog();
    expect(log.firstSeen(["a", "b"])).toEqual(["a", "b"]);
    expect(log.firstSeen(["b", "c", "c"])).toEqual(["c"]);
    expect(log.firstSeen(["a"])).toEqual([]);
  });
});

describe("createBatcher", () => {
  function setup(options: { maxEvents?: number; maxBytes?: number } = {}) {
    const sent: BrowserEvent[][] = [];
    let timers: { id: number; fn: () => void; ms: number }[] = [];
    let nextId = 0;
    const batcher = createBatcher({
      send: (events) => sent.push(events),
      delayMs: 2000,
      ...options,
      timers: {
        setTimeout: (fn, ms) => {
          timers.push({ id: ++nextId, fn, ms });
          return nextId;
        },
        clearTimeout: (handle) => {
          timers = timers.filter((timer) => timer.id !== handle);
        },
      },
    });
    const fire = () => {
      const due = timers;
      timers = [];
      due.forEach((timer) => timer.fn());
    };
    return { sent, delays: () => timers.map((timer) => timer.ms), batcher, fire };
  }
  const view = plainEvent("view", ARTICLE, AT);

  it("holds events for a short delay and sends them as one request", () => {
    const { sent, delays, batcher, fire } = setup();
    batcher.push(view);
    batcher.push(exposeEvent(["a"], AT));
    batcher.push(exposeEvent(["b"], AT));
    expect(sent).toEqual([]);
    expect(delays()).toEqual([2000]);
    fire();
    expect(sent).toHaveLength(1);
    expect(sent[0]).toHaveLength(3);
    expect(batcher.pending).toBe(0);
  });

  it("sends at once on flush (the page is being left) and never sends an empty batch", () => {
    const { sent, delays, batcher, fire } = setup();
    batcher.flush();
    expect(sent).toEqual([]);
    batcher.push(view);
    batcher.flush();
    // The flush cancelled the pending timer.
    expect(delays()).toEqual([]);
    fire();
    batcher.flush();
    expect(sent).toEqual([[view]]);
  });

  it("sends a full batch without waiting, so no request carries more than the cap", () => {
    const { sent, batcher } = setup({ maxEvents: 3 });
    for (let i = 0; i < 7; i += 1) batcher.push(exposeEvent([`c${i}`], AT));
    expect(sent.map((batch) => batch.length)).toEqual([3, 3]);
    expect(batcher.pending).toBe(1);
  });

  it("keeps each batch's JSON under the byte cap", () => {
    const { sent, batcher } = setup({ maxBytes: 200 });
    for (let i = 0; i < 10; i += 1) batcher.push(exposeEvent([`card${i}`], AT));
    batcher.flush();
    expect(sent.flat()).toHaveLength(10);
    for (const batch of sent) expect(JSON.stringify(batch).length).toBeLessThanOrEqual(200);
    expect(MAX_BATCH_BYTES).toBeLessThan(64 * 1024);
  });
});
