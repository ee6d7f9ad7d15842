import { describe, expect, it } from "vitest";
import { formatDate, formatRelativeDate, pageNow, parseDate, shanghaiDateParts } from "./relative-date";

const now = new Date("2026-11-15T12:00:00+08:00");
const ago = (ms: number) => new Date(now.getTime() - ms);
const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

describe("formatRelativeDate", () => {
  it.each([
    [0, "刚刚"],
    [999, "刚刚"],
    [SECOND, "1秒前"],
    [30 * SECOND + 500, "30秒前"],
    [59 * SECOND + 999, "59秒前"],
    [60 * SECOND, "1分钟前"],
    [59 * MINUTE + 59 * SECOND, "59分钟前"],
    [HOUR, "1小时前"],
    [23 * HOUR + 59 * MINUTE, "23小时前"],
    [DAY, "1天前"],
    [6 * DAY, "6天前"],
    [7 * DAY, "1周前"],
    [29 * DAY, "4周前"],
    [30 * DAY, "1个月前"],
    [364 * DAY, "12个月前"],
    [365 * DAY, "1年前"],
    [3 * 365 * DAY + DAY, "3年前"],
  ])("%d ms ago → %s", (ms, expected) => {
    expect(formatRelativeDate(ago(ms), now)).toBe(expected);
  });

  it("calls future dates '刚刚' (clock skew)", () => {
    expect(formatRelativeDate(new Date(now.getTime() + 5 * MINUTE), now)).toBe("刚刚");
  });

  it("accepts ISO strings and offset-less CMS strings read as UTC+8", () => {
    expect(formatRelativeDate("2026-11-15T03:00:00Z", now)).toBe("1小时前");
    expect(formatRelativeDate("2026-11-15 11:00:00", now)).toBe("1小时前");
    expect(formatRelativeDate("2026/11/14 12:00", now)).toBe("1天前");
  });

  it("returns an empty string for an unparseable date", () => {
    expect(formatRelativeDate("not a date", now)).toBe("");
    expect(formatRelativeDate("", now)).toBe("");
  });

  it("defaults now to the current time", () => {
    expect(formatRelativeDate(new Date(Date.now() - 5 * MINUTE))).toBe("5分钟前");
  });
});

describe("pageNow", () => {
  it("is the start of the minute, the same for every rendering within it", () => {
    expect(pageNow(Date.parse("2026-11-22T03:30:05.000Z"))).toBe("2026-11-22T03:30:00.000Z");
    expect(pageNow(Date.parse("2026-11-22T03:30:59.999Z"))).toBe("2026-11-22T03:30:00.000Z");
    expect(pageNow(Date.parse("2026-11-22T03:31:00.000Z"))).toBe("2026-11-22T03:31:00.000Z");
  });
});

describe("parseDate", () => {
  it("reads offset-less strings as UTC+8", () => {
    expect(parseDate("2026-11-01 00:30:00").toISOString()).toBe("2026-10-31T16:30:00.000Z");
    expect(parseDate("2026-11-01").toISOString()).toBe("2026-10-31T16:00:00.000Z");
  });

  it("keeps explicit offsets and copies Dates", () => {
    expect(parseDate("2026-11-01T00:30:00Z").toISOString()).toBe("2026-11-01T00:30:00.000Z");
    const original = new Date(0);
    const copy = parseDate(original);
    expect(copy).not.toBe(original);
    expect(copy.getTime()).toBe(0);
  });
});

describe("formatDate", () => {
  it("formats in UTC+8 regardless of the host time zone", () => {
    expect(formatDate("2026-10-31T16:30:00Z")).toBe("2026-11-01 00:30");
    expect(formatDate(new Date("2026-12-31T23:59:59+08:00"), "YYYY年MM月DD日 HH:mm:ss")).toBe("2026年12月31日 23:59:59");
  });

  it("returns an empty string for an invalid date", () => {
    expect(formatDate("garbage")).toBe("");
    expect(shanghaiDateParts("garbage")).toBeNull();
  });
});
