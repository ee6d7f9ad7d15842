/**
 * Count abbreviation (spec section 9): under 1000 as is, 'k' from 1000, 'w' (万) from 10000,
 * one decimal while the leading figure is under 10. Decimals are truncated, never rounded,
 * so 9999 reads '9.9k' rather than jumping to a unit it has not reached.
 */
export function abbreviateCount(n: number): string {
  const count = wholeCount(n);
  if (count < 1000) return String(count);
  if (count < 10000) return withOneDecimal(Math.floor(count / 100)) + "k";
  const tenthsOfWan = Math.floor(count / 1000);
  if (tenthsOfWan < 100) return withOneDecimal(tenthsOfWan) + "w";
  return Math.floor(count / 10000) + "w";
}

const SHORTEN_UNITS = [
  { value: 1e8, suffix: "亿" },
  { value: 1e7, suffix: "千万" },
  { value: 1e4, suffix: "万" },
] as const;

/** Date-filter number shortening (spec section 9): 万 from 1e4, 千万 from 1e7, 亿 from 1e8, one decimal, truncated. */
export function shortenNumber(n: number): string {
  const count = wholeCount(n);
  const unit = SHORTEN_UNITS.find((candidate) => count >= candidate.value);
  if (!unit) return String(count);
  return withOneDecimal(Math.floor(count / (unit.value / 10))) + unit.suffix;
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
