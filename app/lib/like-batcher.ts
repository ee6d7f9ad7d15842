/** One request a second carries a burst; the first tap of a quiet spell goes at once. Timers come in for tests. */
export type LikeBatcherOptions = {
  send: (count: number) => Promise<unknown>;
  intervalMs?: number;
  maxPerRequest?: number;
  now?: () => number;
  schedule?: (run: () => void, ms: number) => unknown;
};

export function createLikeBatcher(options: LikeBatcherOptions) {
  const intervalMs = options.intervalMs ?? 1000;
  const max = options.maxPerRequest ?? 100;
  const now = options.now ?? Date.now;
  const schedule = options.schedule ?? ((run: () => void, ms: number) => setTimeout(run, ms));
  let pending = 0;
  let lastSentAt = Number.NEGATIVE_INFINITY;
  let inFlight = false;
  let scheduled = false;

  function flush() {
    scheduled = false;
    if (pending === 0 || inFlight) return;
    const wait = lastSentAt + intervalMs - now();
    if (wait > 0) return later(wait);
    const count = Math.min(pending, max);
    pending -= count;
    lastSentAt = now();
    inFlight = true;
    options
      .send(count)
      .catch(() => undefined)
      .finally(() => {
        inFlight = false;
        if (pending > 0) later(Math.max(0, lastSentAt + intervalMs - now()));
      });
  }

  function later(ms: number) {
    if (scheduled) return;
    scheduled = true;
    schedule(flush, ms);
  }

  return {
    tap() {
      pending += 1;
      flush();
    },
    pending: () => pending,
  };
}
