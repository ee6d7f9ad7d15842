/**
 * Count abbreviation (spec section 9): under 1000 as is, 'k' from 1000, 'w' (万) from 10000,
 * one decimal while the leading figure is under 10. Decimals are truncated, never rounded,
 * so 9999 reads '9.9k' rather than jumping to a unit it has not reached. For the bare numbers beside an icon or
 * a heading (the comment bar's likes and collects, a comment's stars, the comments count, a live like counter, a
 * search word's heat); a count read with a Chinese word takes chineseCount.
 */
export function abbreviateCount(n: number): string {
  const count = wholeCount(n);
  if (count < 1000) return String(count);
  if (count < 10000) return withOneDecimal(Math.floor(count / 100)) + "k";
  const tenthsOfWan = Math.floor(count / 1000);
  if (tenthsOfWan < 100) return withOneDecimal(tenthsOfWan) + "w";
  return Math.floor(count / 10000) + "w";
}

const WAN = 1e4;
const WHOLE_WAN_FROM = 1e7;
const YI = 1e8;

/**
 * The number filter of spec section 9's date filters, for counts read as Chinese words (阅读, 人在线…): under 1e4 as
 * is; from 1e4 in 万 with one decimal; from 1e7 in whole 万 (1000万, not 1000.0万); from 1e8 in 亿 with one decimal.
 * Truncated like abbreviateCount, and a '.0' is dropped.
 */
export function chineseCount(n: number): string {
  const count = wholeCount(n);
  if (count < WAN) return String(count);
  if (count < WHOLE_WAN_FROM) return withOneDecimal(Math.floor(count / (WAN / 10))) + "万";
  if (count < YI) return Math.floor(count / WAN) + "万";
  return withOneDecimal(Math.floor(count / (YI / 10))) + "亿";
}

/** Counts from the platform are non-negative integers; anything else is shown as its nearest sane count. */
function wholeCount(n: number): number {
  return Number.isFinite(n) && n > 0 ? Math.floor(n) : 0;
}

/** Renders a number of tenths with one decimal, dropping a trailing '.0'. */
function withOneDecimal(tenths: number): string {
  const whole = Math.floor(tenths / 10);
  const decimal = tenths % 10;
  return decimal === 0 ? String(whole) : `${whole}.${decimal}`;
}
