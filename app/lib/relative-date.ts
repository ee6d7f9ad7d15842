/** The platform and its audience are in China; dates render in UTC+8 whatever the host's time zone is. */
const SHANGHAI_OFFSET_MS = 8 * 60 * 60 * 1000;

/** 'YYYY-MM-DD', 'YYYY-MM-DD HH:mm[:ss]' or with '/' or 'T' separators and no offset: the CMS writes these in UTC+8. */
const LOCAL_DATE_TIME = /^(\d{4})[-/](\d{1,2})[-/](\d{1,2})(?:[ T](\d{1,2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?)?$/;

/**
 * Parses a platform date. Strings without an offset are read as UTC+8 wall-clock time;
 * strings with 'Z' or an offset are exact. The result is an invalid Date when the input is not a date.
 */
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

/**
 * The `now` a page's relative dates count from (its loader data's `now`): the start of the current minute, so that
 * every rendering within a minute says the same and one rendering of a list serves them all (shared markup).
 */
export function pageNow(at = Date.now()): string {
  return new Date(at - (at % MINUTE)).toISOString();
}

/**
 * Chinese relative time (spec section 9 date filters): seconds, minutes, hours, days, weeks, months, years;
 * '刚刚' under a second and for future dates (clock skew between platform and phone).
 * An unparseable date renders as an empty string rather than 'NaN年前'.
 */
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

/** Parts of a date in UTC+8, zero-padded as they appear in formatted output. */
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

/** Absolute date in UTC+8; the pattern understands YYYY, MM, DD, HH, mm and ss. Empty for an invalid date. */
export function formatDate(date: Date | string, pattern = "YYYY-MM-DD HH:mm"): string {
  const parts = shanghaiDateParts(date);
  if (!parts) return "";
  return pattern.replace(/YYYY|MM|DD|HH|mm|ss/g, (token) => parts[token as keyof typeof parts]);
}
