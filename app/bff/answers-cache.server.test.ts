import { afterEach, describe, expect, it, vi } from "vitest";
import { PlatformError, type RenderRecordBase } from "~/bff/client.server";
import { cached, invalidate } from "~/bff/answers-cache.server";
import { announceWrite } from "~/runtime/content-writes.server";

const STALE_MS = 10 * 60_000; // PLATFORM_STALE_MS by default
/** A caller that renders no page. */
const NO_RENDER = {};
/** Runs one render's cached reads, with what they told its record: its result and the stale keys. */
async function rendering<T>(read: (caller: { record: RenderRecordBase }) => Promise<T>) {
  const record: RenderRecordBase = { tags: new Set(), incomplete: false, staleKeys: new Set() };
  const result = await read({ record });
  return { result, stale: [...record.staleKeys] };
}

afterEach(() => vi.useRealTimers());

describe("cached", () => {
  it("shares one call between concurrent requests and reuses it until it expires", async () => {
    vi.useFakeTimers();
    const load = vi.fn(async () => "v1");
    const [a, b] = await Promise.all([cached(NO_RENDER, "k1", 1000, load), cached(NO_RENDER, "k1", 1000, load)]);
    expect([a, b]).toEqual(["v1", "v1"]);
    expect(load).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(999);
    await cached(NO_RENDER, "k1", 1000, load);
    expect(load).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(2);
    await cached(NO_RENDER, "k1", 1000, load);
    expect(load).toHaveBeenCalledTimes(2);
  });

  it("serves the last good answer when a refresh fails, and retries on the next request", async () => {
    vi.useFakeTimers();
    await cached(NO_RENDER, "k2", 10, async () => "good");
    vi.advanceTimersByTime(11);
    await expect(cached(NO_RENDER, "k2", 10, async () => Promise.reject(new Error("down")))).resolves.toBe("good");
    await expect(cached(NO_RENDER, "k2", 10, async () => "better")).resolves.toBe("better");
  });

  it("passes a failure on when there is nothing to fall back to", async () => {
    await expect(cached(NO_RENDER, "k3", 1000, async () => Promise.reject(new Error("down")))).rejects.toThrow("down");
    await expect(cached(NO_RENDER, "k3", 1000, async () => "up")).resolves.toBe("up");
  });

  it("forgets a whole group of answers, and only that: not other groups, not keys that merely begin alike", async () => {
    const load = vi.fn(async () => 1);
    const keys = ["detail:a:", "detail:a:clue", "detail:ab:", "detail:b:", "comments:a:page:1", "app-config"];
    for (const key of keys) await cached(NO_RENDER, key, 60_000, load);
    // Names that are no group drop nothing: an empty one would once have matched every key.
    for (const name of ["", "detail:", "detail:a", "d"]) invalidate(name);
    for (const key of keys) await cached(NO_RENDER, key, 60_000, load);
    expect(load).toHaveBeenCalledTimes(keys.length);
    invalidate("detail:a:");
    for (const key of keys) await cached(NO_RENDER, key, 60_000, load);
    expect(load).toHaveBeenCalledTimes(keys.length + 2);
  });

  it("leaves the loads in flight of other groups alone", async () => {
    let finish: (value: string) => void = () => undefined;
    const other = cached(NO_RENDER, "comments:b:page:1", 60_000, () => new Promise<string>((resolve) => (finish = resolve)));
    invalidate("comments:a:");
    const joined = cached(NO_RENDER, "comments:b:page:1", 60_000, async () => "a second load");
    finish("the one load");
    expect([await other, await joined]).toEqual(["the one load", "the one load"]);
  });

  it("forgets the answers a write of this site names", async () => {
    const load = vi.fn(async () => 1);
    await cached(NO_RENDER, "comments:w:page:1", 60_000, load);
    await cached(NO_RENDER, "comments:x:page:1", 60_000, load);
    announceWrite({ pages: ["content:w"], answers: ["comments:w:"] });
    await cached(NO_RENDER, "comments:w:page:1", 60_000, load);
    await cached(NO_RENDER, "comments:x:page:1", 60_000, load);
    expect(load).toHaveBeenCalledTimes(3);
  });

  it("keeps serving the last good answer through a long outage, each request told it was stale", async () => {
    vi.useFakeTimers();
    await cached(NO_RENDER, "k4", 5_000, async () => "article");
    const down = () => Promise.reject(new Error("platform unreachable"));
    // 1, 4 and then 9 minutes into the outage.
    for (const minutes of [1, 3, 5]) {
      vi.setSystemTime(Date.now() + minutes * 60_000);
      await expect(rendering((caller) => cached(caller, "k4", 5_000, down))).resolves.toEqual({ result: "article", stale: ["k4"] });
    }
    // A fresh answer is not reported as stale.
    await expect(rendering((caller) => cached(caller, "k4", 5_000, async () => "article v2"))).resolves.toEqual({ result: "article v2", stale: [] });
  });

  it("gives up on an answer older than its freshness plus PLATFORM_STALE_MS", async () => {
    vi.useFakeTimers();
    await cached(NO_RENDER, "k5", 5_000, async () => "old");
    vi.setSystemTime(Date.now() + 5_000 + STALE_MS + 1);
    await expect(cached(NO_RENDER, "k5", 5_000, async () => Promise.reject(new Error("down")))).rejects.toThrow("down");
  });

  it("reports staleness to each waiting request, not to others", async () => {
    vi.useFakeTimers();
    await cached(NO_RENDER, "k6", 10, async () => "good");
    vi.advanceTimersByTime(11);
    let fail: (error: Error) => void = () => undefined;
    const refresh = () => new Promise<string>((_resolve, reject) => (fail = reject));
    const first = rendering((caller) => cached(caller, "k6", 10, refresh));
    const second = rendering((caller) => cached(caller, "k6", 10, refresh));
    const other = rendering((caller) => cached(caller, "k7", 10, async () => "unrelated"));
    fail(new Error("down"));
    expect(await first).toEqual({ result: "good", stale: ["k6"] });
    expect(await second).toEqual({ result: "good", stale: ["k6"] });
    expect(await other).toEqual({ result: "unrelated", stale: [] });
  });

  it("does not keep an answer loaded across an invalidation: it may predate the site's own write", async () => {
    let finish: (value: string) => void = () => undefined;
    const before = cached(NO_RENDER, "comments:a:page:1", 60_000, () => new Promise<string>((resolve) => (finish = resolve)));
    invalidate("comments:a:");
    const after = cached(NO_RENDER, "comments:a:page:1", 60_000, async () => "with the new comment");
    finish("without it");
    await expect(before).resolves.toBe("without it");
    await expect(after).resolves.toBe("with the new comment");
    await expect(cached(NO_RENDER, "comments:a:page:1", 60_000, async () => "reloaded")).resolves.toBe("with the new comment");
  });

  it("serves no stale copy of content the platform says is gone", async () => {
    vi.useFakeTimers();
    await cached(NO_RENDER, "k8", 10, async () => "article");
    vi.advanceTimersByTime(11);
    const gone = () => Promise.reject(new PlatformError("code", "内容不存在", 10024));
    await expect(cached(NO_RENDER, "k8", 10, gone)).rejects.toMatchObject({ code: 10024 });
    await expect(cached(NO_RENDER, "k8", 10, async () => Promise.reject(new Error("down")))).rejects.toThrow("down");
  });
});
