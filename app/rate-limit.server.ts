/**
 * A fixed-window counter per key (the visitor's address): the site's first line in front of the
 * platform's own limits. In memory, so per process; the platform's limits are the shared ones.
 */
export function createRateLimiter(options: { windowMs: number; max: number; now?: () => number }) {
  const now = options.now ?? Date.now;
  const hits = new Map<string, { count: number; resetAt: number }>();
  let nextSweep = now() + options.windowMs;
  return {
    /** Counts one attempt; answers how many seconds to wait when it is over the limit, else 0. */
    hit(key: string): number {
      const at = now();
      if (at >= nextSweep) {
        for (const [k, entry] of hits) if (entry.resetAt <= at) hits.delete(k);
        nextSweep = at + options.windowMs;
      }
      let entry = hits.get(key);
      if (!entry || entry.resetAt <= at) {
        entry = { count: 0, resetAt: at + options.windowMs };
        hits.set(key, entry);
      }
      entry.count += 1;
      return entry.count > options.max ? Math.ceil((entry.resetAt - at) / 1000) : 0;
    },
  };
}
