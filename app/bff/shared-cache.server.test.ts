import { afterEach, describe, expect, it, vi } from "vitest";
import { cached, invalidate } from "~/bff/shared-cache.server";

afterEach(() => vi.useRealTimers());

describe("cached", () => {
  it("shares one call between concurrent requests and reuses it until it expires", async () => {
    vi.useFakeTimers();
    const load = vi.fn(async () => "v1");
    const [a, b] = await Promise.all([cached("k1", 1000, load), cached("k1", 1000, load)]);
    expect([a, b]).toEqual(["v1", "v1"]);
    expect(load).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(999);
    await cached("k1", 1000, load);
    expect(load).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(2);
    await cached("k1", 1000, load);
    expect(load).toHaveBeenCalledTimes(2);
  });

  it("serves the last good answer when a refresh fails, and retries on the next request", async () => {
    vi.useFakeTimers();
    await cached("k2", 10, async () => "good");
    vi.advanceTimersByTime(11);
    await expect(cached("k2", 10, async () => Promise.reject(new Error("down")))).resolves.toBe("good");
    await expect(cached("k2", 10, async () => "better")).resolves.toBe("better");
  });

  it("passes a failure on when there is nothing to fall back to", async () => {
    await expect(cached("k3", 1000, async () => Promise.reject(new Error("down")))).rejects.toThrow("down");
    await expect(cached("k3", 1000, async () => "up")).resolves.toBe("up");
  });

  it("forgets entries by prefix", async () => {
    const load = vi.fn(async () => 1);
    await cached("detail:a", 60_000, load);
    await cached("detail:b", 60_000, load);
    invalidate("detail:a");
    await cached("detail:a", 60_000, load);
    await cached("detail:b", 60_000, load);
    expect(load).toHaveBeenCalledTimes(3);
  });
});
