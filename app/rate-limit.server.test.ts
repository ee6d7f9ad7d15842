import { describe, expect, it } from "vitest";
import { createRateLimiter } from "~/rate-limit.server";

describe("createRateLimiter", () => {
  it("allows max hits per window and key, then asks to wait until the window ends", () => {
    let clock = 1_000_000;
    const limiter = createRateLimiter({ windowMs: 60_000, max: 3, now: () => clock });
    expect([1, 2, 3].map(() => limiter.hit("1.2.3.4"))).toEqual([0, 0, 0]);
    expect(limiter.hit("1.2.3.4")).toBe(60);
    expect(limiter.hit("5.6.7.8")).toBe(0);
    clock += 45_000;
    expect(limiter.hit("1.2.3.4")).toBe(15);
    clock += 15_000;
    expect(limiter.hit("1.2.3.4")).toBe(0);
  });
});
