import { describe, expect, it } from "vitest";
import { abbreviateCount } from "./count";

describe("abbreviateCount", () => {
  it.each([
    [0, "0"],
    [7, "7"],
    [999, "999"],
    [1000, "1k"],
    [1099, "1k"],
    [1100, "1.1k"],
    [1234, "1.2k"],
    [9999, "9.9k"],
    [10000, "1w"],
    [12345, "1.2w"],
    [99999, "9.9w"],
    [100000, "10w"],
    [123456, "12w"],
    [1234567, "123w"],
    [123456789, "12345w"],
  ])("%d → %s", (n, expected) => {
    expect(abbreviateCount(n)).toBe(expected);
  });

  it("treats negative, fractional and non-finite input as a whole non-negative count", () => {
    expect(abbreviateCount(-5)).toBe("0");
    expect(abbreviateCount(12.9)).toBe("12");
    expect(abbreviateCount(1999.99)).toBe("1.9k");
    expect(abbreviateCount(Number.NaN)).toBe("0");
    expect(abbreviateCount(Number.POSITIVE_INFINITY)).toBe("0");
  });
});
