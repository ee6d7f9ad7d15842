import { describe, expect, it } from "vitest";
import { abbreviateCount, chineseCount } from "./count";

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

describe("chineseCount (spec section 9: number shortening at 1e4 (万), 1e7, 1e8 (亿))", () => {
  it.each([
    [0, "0"],
    [999, "999"],
    [9999, "9999"],
    [10000, "1万"],
    [12345, "1.2万"],
    [99999, "9.9万"],
    [123456, "12.3万"],
    [9999999, "999.9万"],
    [10000000, "1000万"],
    [12345678, "1234万"],
    [99999999, "9999万"],
    [100000000, "1亿"],
    [123456789, "1.2亿"],
    [1234567890, "12.3亿"],
  ])("%d → %s", (n, expected) => {
    expect(chineseCount(n)).toBe(expected);
  });

  it("treats negative, fractional and non-finite input as a whole non-negative count", () => {
    expect(chineseCount(-5)).toBe("0");
    expect(chineseCount(10999.9)).toBe("1万");
    expect(chineseCount(Number.NaN)).toBe("0");
  });
});
