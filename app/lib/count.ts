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
