import { shanghaiDateParts } from "~/lib/relative-date";

export type ActivityState = "upcoming" | "running" | "ended";

type TimeWindow = { start_at: string; end_at: string };

export const ACTIVITY_STATE_TEXT: Record<ActivityState, string> = { upcoming: "未开始", running: "进行中", ended: "已结束" };

export function activityState(window: TimeWindow, now: number): ActivityState {
  if (now < Date.parse(window.start_at)) return "upcoming";
  if (now < Date.parse(window.end_at)) return "running";
  return "ended";
}

export function nextChangeAt(window: TimeWindow, now: number): number | null {
  const state = activityState(window, now);
  if (state === "upcoming") return Date.parse(window.start_at);
  if (state === "running") return Date.parse(window.end_at);
  return null;
}

/** Seconds round up, so it reads 00:00:00 only when the time is really up. */
export function formatActivityCountdown(remainingMs: number): string {
  const total = Math.max(0, Math.ceil(remainingMs / 1000));
  const pad = (n: number) => String(n).padStart(2, "0");
  const days = Math.floor(total / 86_400);
  const hours = Math.floor((total % 86_400) / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  if (days > 0) return `${days}天${pad(hours)}小时${pad(minutes)}分`;
  return `${pad(hours)}:${pad(minutes)}:${pad(total % 60)}`;
}

/** In China time; the year is said once when both ends share it. */
export function formatTimeWindow(window: TimeWindow): string {
  const start = shanghaiDateParts(window.start_at);
  const end = shanghaiDateParts(window.end_at);
  if (!start || !end) return "";
  const day = (p: NonNullable<typeof start>) => `${Number(p.MM)}月${Number(p.DD)}日 ${p.HH}:${p.mm}`;
  return `${start.YYYY}年${day(start)} 至 ${end.YYYY === start.YYYY ? "" : `${end.YYYY}年`}${day(end)}`;
}
