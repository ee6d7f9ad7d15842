const SHANGHAI_OFFSET_MS = 8 * 60 * 60 * 1000;

const LOCAL_DATE_TIME = /^(\d{4})[-/](\d{1,2})[-/](\d{1,2})(?:[ T](\d{1,2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?)?$/;

export function parseDate(value: Date | string): Date {
  if (value instanceof Date) return new Date(value.getTime());
  const text = value.trim();
  const local = LOCAL_DATE_TIME.exec(text);
  if (!local) return text ? new Date(text) : new Date(Number.NaN);
  const [, year, month, day, hour = "0", minute = "0", second = "0"] = local;
  const utc = Date.UTC(Number(year), Number(month) - 1, Number(day), Number(hour), Number(minute), Number(second));
  return new Date(utc - SHANGHAI_OFFSET_MS);
}

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const WEEK = 7 * DAY;
const MONTH = 30 * DAY;
const YEAR = 365 * DAY;

/** The start of the minute, so every rendering within it agrees and one shared markup serves them all. */
export function pageNow(at = Date.now()): string {
  return new Date(at - (at % MINUTE)).toISOString();
}

/** Spec section 9. Future dates read '刚刚' (clock skew between platform and phone). */
export function formatRelativeDate(date: Date | string, now: Date = new Date()): string {
  const elapsed = now.getTime() - parseDate(date).getTime();
  if (Number.isNaN(elapsed)) return "";
  if (elapsed < SECOND) return "刚刚";
  if (elapsed < MINUTE) return `${Math.floor(elapsed / SECOND)}秒前`;
  if (elapsed < HOUR) return `${Math.floor(elapsed / MINUTE)}分钟前`;
  if (elapsed < DAY) return `${Math.floor(elapsed / HOUR)}小时前`;
  if (elapsed < WEEK) return `${Math.floor(elapsed / DAY)}天前`;
  if (elapsed < MONTH) return `${Math.floor(elapsed / WEEK)}周前`;
  if (elapsed < YEAR) return `${Math.floor(elapsed / MONTH)}个月前`;
  return `${Math.floor(elapsed / YEAR)}年前`;
}

export function shanghaiDateParts(date: Date | string): Record<"YYYY" | "MM" | "DD" | "HH" | "mm" | "ss", string> | null {
  const time = parseDate(date).getTime();
  if (Number.isNaN(time)) return null;
  const shifted = new Date(time + SHANGHAI_OFFSET_MS);
  const pad = (n: number) => String(n).padStart(2, "0");
  return {
    YYYY: String(shifted.getUTCFullYear()).padStart(4, "0"),
    MM: pad(shifted.getUTCMonth() + 1),
    DD: pad(shifted.getUTCDate()),
    HH: pad(shifted.getUTCHours()),
    mm: pad(shifted.getUTCMinutes()),
    ss: pad(shifted.getUTCSeconds()),
  };
}

export function formatDate(date: Date | string, pattern = "YYYY-MM-DD HH:mm"): string {
  const parts = shanghaiDateParts(date);
  if (!parts) return "";
  return pattern.replace(/YYYY|MM|DD|HH|mm|ss/g, (token) => parts[token as keyof typeof parts]);
}
