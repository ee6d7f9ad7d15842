/** What every part of the bench shares: the phone it pretends to be, the load it applies and the targets it reports. */

// Android Chrome, the phone most share links are opened on outside WeChat (and the device Lighthouse emulates).
export const MOBILE_UA = "Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36";

/** The load of every throughput row: autocannon's connections, a discarded warm-up, then the measured run. */
export const LOAD = { connections: 50, warmupSeconds: 3, measureSeconds: 10 } as const;

/** The resident memory every process of the site must stay under (page-cache run and soak). */
export const RSS_TARGET_MB = 250;

export const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} KB`;
export const ms = (value: number) => `${value.toFixed(1)} ms`;
export const verdict = (ok: boolean) => (ok ? "PASS" : "FAIL");

export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

/** The value at quantile `q` (0.5, 0.99) of `values`: the nearest rank at or above it. */
export function quantile(values: readonly number[], q: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
}

export const sleep = (seconds: number) => new Promise<void>((resolve) => setTimeout(resolve, seconds * 1000));
