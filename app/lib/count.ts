/** Spec section 9. Truncated, never rounded, so 9999 reads '9.9k' rather than a unit it has not reached. */
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

/** Spec section 9's number filter, for counts read with a Chinese word; truncated like abbreviateCount. */
export function chineseCount(n: number): string {
  const count = wholeCount(n);
  if (count < WAN) return String(count);
  if (count < WHOLE_WAN_FROM) return withOneDecimal(Math.floor(count / (WAN / 10))) + "万";
  if (count < YI) return Math.floor(count / WAN) + "万";
  return withOneDecimal(Math.floor(count / (YI / 10))) + "亿";
}

function wholeCount(n: number): number {
  return Number.isFinite(n) && n > 0 ? Math.floor(n) : 0;
}

function withOneDecimal(tenths: number): string {
  const whole = Math.floor(tenths / 10);
  const decimal = tenths % 10;
  return decimal === 0 ? String(whole) : `${whole}.${decimal}`;
}
