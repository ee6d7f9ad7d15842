import { execFileSync } from "node:child_process";
import { describe, expect, it } from "vitest";
import { HEAP_GROWING_PERCENT, HEAP_LIMIT_MB, nativeMemoryEnv, SEMI_SPACE_MB, withHeapSettings } from "./process-memory";

describe("withHeapSettings", () => {
  const limit = `--max-old-space-size=${HEAP_LIMIT_MB}`;
  const young = `--max-semi-space-size=${SEMI_SPACE_MB}`;
  const growing = `--heap-growing-percent=${HEAP_GROWING_PERCENT}`;

  it("adds the heap limit, young generation and growing factor to Node's own arguments", () => {
    expect(withHeapSettings(["--enable-source-maps"])).toEqual(["--enable-source-maps", limit, young, growing]);
  });

  it("keeps an operator's own settings: the limit and young generation as a flag or in NODE_OPTIONS, the factor as a flag", () => {
    expect(withHeapSettings(["--max-old-space-size=2048"])).toEqual(["--max-old-space-size=2048", young, growing]);
    expect(withHeapSettings([], "--trace-warnings --max-old-space-size=1024")).toEqual([young, growing]);
    expect(withHeapSettings(["--max-semi-space-size=16"])).toEqual(["--max-semi-space-size=16", limit, growing]);
    expect(withHeapSettings([], "--max-semi-space-size=32")).toEqual([limit, growing]);
    expect(withHeapSettings(["--heap-growing-percent=50"])).toEqual(["--heap-growing-percent=50", limit, young]);
  });

  const heapLimitOf = (args: string[]) =>
    Number(
      execFileSync(process.execPath, [...args, "-p", "require('v8').getHeapStatistics().heap_size_limit"], {
        env: { ...process.env, NODE_OPTIONS: "" },
      }),
    ) /
    2 ** 20;

  it("gives a process started with it that heap limit, and a young generation smaller than V8's own", () => {
    const mb = heapLimitOf(withHeapSettings([]));
    // The limit covers the old generation and the young one besides it.
    expect(mb).toBeGreaterThanOrEqual(HEAP_LIMIT_MB);
    expect(mb).toBeLessThan(HEAP_LIMIT_MB + 100);
    expect(mb).toBeLessThan(heapLimitOf([limit]));
  });
});

describe("nativeMemoryEnv", () => {
  it("limits glibc's malloc arenas and fixes its mmap threshold unless the environment chose them", () => {
    expect(nativeMemoryEnv({})).toEqual({ MALLOC_ARENA_MAX: "1", MALLOC_MMAP_THRESHOLD_: "131072" });
    expect(nativeMemoryEnv({ MALLOC_ARENA_MAX: "8" })).toEqual({ MALLOC_ARENA_MAX: "8", MALLOC_MMAP_THRESHOLD_: "131072" });
    expect(nativeMemoryEnv({ MALLOC_MMAP_THRESHOLD_: "1048576" })).toEqual({ MALLOC_ARENA_MAX: "1", MALLOC_MMAP_THRESHOLD_: "1048576" });
  });
});
