import { checkText, type CheckedText } from "~/lib/comment-text";
import { chineseCount } from "~/lib/count";

export const LIVE_STATUS = { upcoming: 0, live: 1, ended: 2 } as const;
export type LiveStatus = (typeof LIVE_STATUS)[keyof typeof LIVE_STATUS];

/** The page ticks with it between state events, so a countdown reaching zero shows the live screen at once. */
export function statusAt(times: { start_time: number; end_time: number }, nowMs: number): LiveStatus {
  const now = nowMs / 1000;
  if (now < times.start_time) return LIVE_STATUS.upcoming;
  if (times.end_time > 0 && now >= times.end_time) return LIVE_STATUS.ended;
  return LIVE_STATUS.live;
}

/** Never moved back: a page whose clock runs behind the platform's keeps the platform's word. */
export function shownStatus(reported: LiveStatus, times: { start_time: number; end_time: number }, nowMs: number): LiveStatus {
  return Math.max(reported, statusAt(times, nowMs)) as LiveStatus;
}

export type Countdown = { days: number; hours: number; minutes: number; seconds: number };

export function countdownTo(startSeconds: number, nowMs: number): Countdown {
  let left = Math.max(0, Math.ceil(startSeconds - nowMs / 1000));
  const days = Math.floor(left / 86_400);
  left -= days * 86_400;
  const hours = Math.floor(left / 3600);
  left -= hours * 3600;
  const minutes = Math.floor(left / 60);
  return { days, hours, minutes, seconds: left - minutes * 60 };
}

const two = (n: number) => String(n).padStart(2, "0");

export function formatCountdown({ days, hours, minutes, seconds }: Countdown): string {
  const clock = `${two(hours)}:${two(minutes)}:${two(seconds)}`;
  return days > 0 ? `${days}天 ${clock}` : clock;
}

export const CHAT_MAX_LENGTH = 200;

/** The platform's limit. */
export const MAX_LIKES_PER_REQUEST = 100;

export const LIVE_ID_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;

export const LIVE_TEXTS = {
  upcoming: "即将开始",
  live: "直播中",
  ended: "直播已结束",
  countdown: "距离直播开始",
  book: "预约",
  booked: "已预约",
  bookedToast: "预约成功，开播前会提醒您",
  unbookedToast: "已取消预约",
  bookingCount: (n: number) => `${chineseCount(n)}人已预约`,
  online: (n: number) => `${chineseCount(n)}人在线`,
  likes: (n: number) => `${n}次点赞`,
  chatPlaceholder: "说点什么…",
  chatSend: "发送",
  chatEmpty: "消息不能为空",
  chatTooLong: `消息最多${CHAT_MAX_LENGTH}字`,
  chatClosed: "直播未开始或已结束，暂不能发言",
  chatSent: "发送成功",
  liked: "点赞成功",
  noMessages: "还没有人发言，来说第一句吧",
  noPosts: "主播还没有发布内容",
  replay: "直播回放",
  noReplay: "本场直播已结束，暂无回放",
  like: "点赞",
  reconnecting: "连接中断，正在重新连接…",
} as const;

export function validateChat(text: string): CheckedText {
  return checkText(text, { max: CHAT_MAX_LENGTH, empty: LIVE_TEXTS.chatEmpty, tooLong: LIVE_TEXTS.chatTooLong });
}
