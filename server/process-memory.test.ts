import { execFileSync } from "node:child_process";
import { describe, expect, it } from "vitest";
import { HEAP_GROWING_PERCENT, HEAP_LIMIT_MB, nativeMemoryEnv, withHeapSettings } from "./process-memory";

describe("withHeapSettings", () => {
  const growing = `--heap-growing-percent=${HEAP_GROWING_PERCENT}`;

  it("adds the heap limit and growing factor to Node's own arguments", () => {
    expect(withHeapSettings(["--enable-source-maps"])).toEqual(["--enable-source-maps", `--max-old-space-size=${HEAP_LIMIT_MB}`, growing]);
  });

  it("keeps an operator's own settings: the limit given as a flag or in NODE_OPTIONS, the factor as a flag", () => {
    expect(withHeapSettings(["--max-old-space-size=2048"])).toEqual(["--max-old-space-size=2048", growing]);
    expect(withHeapSettings([], "--trace-warnings --max-old-space-size=1024")).toEqual([growing]);
    expect(withHeapSettings(["--heap-growing-percent=50"])).toEqual(["--heap-growing-percent=50", `--max-old-space-size=${HEAP_LIMIT_MB}`]);
  });

  it("gives a process started with it that heap limit", () => {
    const limit = execFileSync(process.execPath, [...withHeapSettings([]), "-p", "require('v8').getHeapStatistics().heap_size_limit"], {
      env: { ...process.env, NODE_OPTIONS: "" },
    });
    // The limit covers the old generation and the young one besides it.
    const mb = Number(limit) / 2 ** 20;
    expect(mb).toBeGreaterThanOrEqual(HEAP_LIMIT_MB);
    expect(mb).toBeLessThan(HEAP_LIMIT_MB + 100);
  });
});

describe("nativeMemoryEnv", () => {
  it("limits glibc's malloc arenas unless the environment chose a number", () => {
    expect(nativeMemoryEnv({})).toEqual({ MALLOC_ARENA_MAX: "2" });
    expect(nativeMemoryEnv({ MALLOC_ARENA_MAX: "8" })).toEqual({ MALLOC_ARENA_MAX: "8" });
  });
});
