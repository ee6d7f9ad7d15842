import { describe, expect, it } from "vitest";
import { activityState, formatActivityCountdown, formatTimeWindow, nextChangeAt } from "./activity-state";

const window = { start_at: "2026-05-20T02:00:00.000Z", end_at: "2026-05-27T02:00:00.000Z" };
const at = (iso: string) => Date.parse(iso);

describe("activityState", () => {
  it("is upcoming before the start, running from the start, ended from the end", () => {
    expect(activityState(window, at("2026-05-20T01:59:59.999Z"))).toBe("upcoming");
    expect(activityState(window, at("2026-05-20T02:00:00.000Z"))).toBe("running");
    expect(activityState(window, at("2026-05-27T01:59:59.999Z"))).toBe("running");
    expect(activityState(window, at("2026-05-27T02:00:00.000Z"))).toBe("ended");
  });

  it("counts towards the start, then the end, then nothing", () => {
    expect(nextChangeAt(window, at("2026-05-19T00:00:00Z"))).toBe(at(window.start_at));
    expect(nextChangeAt(window, at("2026-05-21T00:00:00Z"))).toBe(at(window.end_at));
    expect(nextChangeAt(window, at("2026-06-01T00:00:00Z"))).toBeNull();
  });
});

describe("formatActivityCountdown", () => {
  it("says days, hours and minutes while a day or more remains", () => {
    expect(formatActivityCountdown((3 * 86_400 + 4 * 3600 + 12 * 60 + 9) * 1000)).toBe("3天04小时12分");
    expect(formatActivityCountdown(86_400_000)).toBe("1天00小时00分");
  });

  it("ticks hours, minutes and seconds in the last day, rounding up, never below zero", () => {
    expect(formatActivityCountdown((4 * 3600 + 12 * 60 + 9) * 1000)).toBe("04:12:09");
    expect(formatActivityCountdown(1)).toBe("00:00:01");
    expect(formatActivityCountdown(0)).toBe("00:00:00");
    expect(formatActivityCountdown(-5000)).toBe("00:00:00");
  });
});

describe("formatTimeWindow", () => {
  it("writes both ends in China time, the year once when it is the same", () => {
    expect(formatTimeWindow(window)).toBe("2026年5月20日 10:00 至 5月27日 10:00");
    expect(formatTimeWindow({ start_at: "2026-12-31T02:00:00Z", end_at: "2027-01-02T02:00:00Z" })).toBe("2026年12月31日 10:00 至 2027年1月2日 10:00");
    expect(formatTimeWindow({ start_at: "nope", end_at: window.end_at })).toBe("");
  });
});
