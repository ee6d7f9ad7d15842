import { describe, expect, it } from "vitest";
import { countdownTo, formatCountdown, LIVE_STATUS, LIVE_TEXTS, shownStatus, statusAt, validateChat } from "~/lib/live-state";

const times = { start_time: 1_000, end_time: 2_000 };

describe("live state from the clock", () => {
  it("is upcoming before the start, live until the end, ended from the end on", () => {
    expect(statusAt(times, 999_999)).toBe(LIVE_STATUS.upcoming);
    expect(statusAt(times, 1_000_000)).toBe(LIVE_STATUS.live);
    expect(statusAt(times, 1_999_999)).toBe(LIVE_STATUS.live);
    expect(statusAt(times, 2_000_000)).toBe(LIVE_STATUS.ended);
  });

  it("only moves the platform's state forward", () => {
    expect(shownStatus(LIVE_STATUS.upcoming, times, 1_000_000)).toBe(LIVE_STATUS.live);
    // A page whose clock is behind keeps the platform's word.
    expect(shownStatus(LIVE_STATUS.live, times, 500_000)).toBe(LIVE_STATUS.live);
    expect(shownStatus(LIVE_STATUS.ended, times, 1_500_000)).toBe(LIVE_STATUS.ended);
  });

  it("counts down in days, hours, minutes and seconds, and stops at zero", () => {
    expect(countdownTo(1_000 + 86_400 + 3 * 3600 + 4 * 60 + 5, 1_000_000)).toEqual({ days: 1, hours: 3, minutes: 4, seconds: 5 });
    expect(formatCountdown(countdownTo(1_000 + 86_400 * 2 + 65, 1_000_000))).toBe("2天 00:01:05");
    expect(formatCountdown(countdownTo(1_000 + 59, 1_000_500))).toBe("00:00:59");
    expect(countdownTo(1_000, 5_000_000)).toEqual({ days: 0, hours: 0, minutes: 0, seconds: 0 });
  });
});

describe("validateChat", () => {
  it("trims, refuses empty and over 200 characters (an emoji counts once)", () => {
    expect(validateChat("  加油！ ")).toEqual({ ok: true, text: "加油！" });
    expect(validateChat("   ")).toMatchObject({ ok: false, error: "消息不能为空" });
    expect(validateChat("🏃".repeat(200))).toMatchObject({ ok: true });
    expect(validateChat("跑".repeat(201))).toMatchObject({ ok: false, error: "消息最多200字" });
  });
});

describe("live counts", () => {
  it("reads the online and booking counts in Chinese units (spec section 9's number filter)", () => {
    expect(LIVE_TEXTS.online(86)).toBe("86人在线");
    expect(LIVE_TEXTS.online(23456)).toBe("2.3万人在线");
    expect(LIVE_TEXTS.bookingCount(123456789)).toBe("1.2亿人已预约");
  });
});
