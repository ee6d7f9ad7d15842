import { describe, expect, it } from "vitest";
import { cacheNames, handlingOf, isStaleCache, mayStore, offlinePagePath } from "./service-worker-rules";

const ORIGIN = "https://share.example.com";
const BASE = "/davmu/share/";

function request(path: string, overrides: Partial<{ method: string; mode: string; hasRange: boolean; origin: string }> = {}) {
  return {
    method: overrides.method ?? "GET",
    url: `${overrides.origin ?? ORIGIN}${path}`,
    mode: overrides.mode ?? "cors",
    hasRange: overrides.hasRange ?? false,
  };
}

function response(status: number, headers: Record<string, string> = {}, type = "basic") {
  const map = new Map(Object.entries(headers).map(([name, value]) => [name.toLowerCase(), value]));
  return { status, type, headers: { get: (name: string) => map.get(name.toLowerCase()) ?? null } };
}

describe("handlingOf", () => {
  it("serves hashed build files from the cache", () => {
    expect(handlingOf(request("/davmu/share/assets/framework-BLuJJjfO.js"), ORIGIN, BASE)).toBe("asset");
    expect(handlingOf(request("/davmu/share/assets/app-BVqyO7v-.css"), ORIGIN, BASE)).toBe("asset");
  });

  it("leaves unhashed files under assets/ to the network", () => {
    expect(handlingOf(request("/davmu/share/assets/logo.svg"), ORIGIN, BASE)).toBe("network");
  });

  it("treats page navigations under the base path as pages", () => {
    expect(handlingOf(request("/davmu/share/news/doc/2026/11/Bk1Og15b/index.html", { mode: "navigate" }), ORIGIN, BASE)).toBe("page");
    expect(handlingOf(request("/davmu/share/", { mode: "navigate" }), ORIGIN, BASE)).toBe("page");
  });

  it("never touches API calls, beacons, loader data, other methods, ranges or other origins", () => {
    expect(handlingOf(request("/davmu/share/api/tracker/log", { method: "POST" }), ORIGIN, BASE)).toBe("network");
    expect(handlingOf(request("/davmu/share/api/comments/x", { mode: "navigate" }), ORIGIN, BASE)).toBe("network");
    expect(handlingOf(request("/davmu/share/news/doc/2026/11/Bk1Og15b/index.html.data"), ORIGIN, BASE)).toBe("network");
    expect(handlingOf(request("/davmu/share/auth", { method: "POST", mode: "navigate" }), ORIGIN, BASE)).toBe("network");
    expect(handlingOf(request("/davmu/share/assets/hls.light-D0yDFFp-.js", { hasRange: true }), ORIGIN, BASE)).toBe("network");
    expect(handlingOf(request("/davmu/share/", { mode: "navigate", origin: "https://evil.example" }), ORIGIN, BASE)).toBe("network");
    expect(handlingOf(request("/_platform/media/a.mp4", { mode: "navigate" }), ORIGIN, BASE)).toBe("network");
  });
});

describe("mayStore", () => {
  it("keeps a whole same-origin success that says nothing against it", () => {
    expect(mayStore(response(200, { "cache-control": "public, max-age=31536000, immutable" }))).toBe(true);
    expect(mayStore(response(200, { "cache-control": "no-cache" }))).toBe(true);
    expect(mayStore(response(200))).toBe(true);
  });

  it("never keeps a personal response", () => {
    expect(mayStore(response(200, { "cache-control": "private, no-cache" }))).toBe(false);
    expect(mayStore(response(200, { "cache-control": "no-store" }))).toBe(false);
    expect(mayStore(response(200, { "Cache-Control": "max-age=0, Private" }))).toBe(false);
    expect(mayStore(response(200, { "set-cookie": "__share=abc; HttpOnly" }))).toBe(false);
    expect(mayStore(response(200, { vary: "*" }))).toBe(false);
  });

  it("does not mistake a directive's argument for the directive", () => {
    expect(mayStore(response(200, { "cache-control": 'no-cache="private-header"' }))).toBe(true);
  });

  it("never keeps errors, partial answers, redirects or opaque answers", () => {
    expect(mayStore(response(404))).toBe(false);
    expect(mayStore(response(206))).toBe(false);
    expect(mayStore(response(500))).toBe(false);
    expect(mayStore(response(200, {}, "opaque"))).toBe(false);
    expect(mayStore(response(200, {}, "opaqueredirect"))).toBe(false);
  });
});

describe("caches of a deployment", () => {
  it("names them by version and calls every other cache of ours stale", () => {
    const current = cacheNames("v2");
    expect(isStaleCache(current.assets, "v2")).toBe(false);
    expect(isStaleCache(current.pages, "v2")).toBe(false);
    expect(isStaleCache(cacheNames("v1").assets, "v2")).toBe(true);
    expect(isStaleCache(cacheNames("v1").pages, "v2")).toBe(true);
    // The first worker's single cache.
    expect(isStaleCache("davmu-share-assets-v1", "v2")).toBe(true);
    // Somebody else's cache on the origin is left alone.
    expect(isStaleCache("other-app-cache", "v2")).toBe(false);
  });

  it("puts the offline page under the base path", () => {
    expect(offlinePagePath(BASE)).toBe("/davmu/share/offline.html");
  });
});
