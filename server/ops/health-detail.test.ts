import { describe, expect, it } from "vitest";
import type { PlatformDetail } from "./health";
import { sumDetails } from "./health-detail";
import type { PageCacheStats } from "../../app/runtime/metrics.server";

const cache = (n: number): PageCacheStats => ({ entries: n, bytes: 100 * n, hits: 2 * n, stale: 0, joined: n, misses: n, uncached: 0, personal: 1 });
const up = (breakers: Record<string, string>, n: number, redis = "ready"): PlatformDetail => ({
  platform: { reachable: true },
  breakers,
  pageCache: cache(n),
  redis,
});

describe("sumDetails: build/cluster.js's detail over its workers'", () => {
  it("adds up the page caches and keeps each breaker at its worst", () => {
    expect(sumDetails([up({ peony: "closed", guzzle: "open" }, 1), up({ peony: "half-open", guzzle: "closed" }, 2)])).toEqual({
      platform: { reachable: true },
      breakers: { peony: "half-open", guzzle: "open" },
      pageCache: { entries: 3, bytes: 300, hits: 6, stale: 0, joined: 3, misses: 3, uncached: 0, personal: 2 },
      redis: "ready",
    });
  });

  it("is unreachable when any worker found the platform so, and shows a Redis that is not ready", () => {
    const down: PlatformDetail = { platform: { reachable: false, reason: "timeout" }, breakers: { peony: "closed" }, redis: "reconnecting" };
    expect(sumDetails([up({ peony: "closed" }, 1), down])).toMatchObject({
      platform: { reachable: false, reason: "timeout" },
      redis: "reconnecting",
    });
  });

  it("has no page cache when no worker has one", () => {
    expect(sumDetails([{ platform: { reachable: true }, breakers: {}, redis: "not configured" }]).pageCache).toBeUndefined();
  });
});
