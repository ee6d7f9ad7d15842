/**
 * Upstream answers that are the same for every visitor (app config, hot lists, related reading, content
 * detail), kept briefly in memory. Concurrent requests share one call; when a refresh fails, the last good
 * answer is served. Per process: each instance of the site keeps its own.
 */
type Entry = { value: Promise<unknown>; expiresAt: number; lastGood?: unknown };

const MAX_ENTRIES = 2000;
const entries = new Map<string, Entry>();

export function cached<T>(key: string, ttlMs: number, load: () => Promise<T>): Promise<T> {
  const now = Date.now();
  const entry = entries.get(key);
  if (entry && entry.expiresAt > now) return entry.value as Promise<T>;

  const lastGood = entry?.lastGood as T | undefined;
  const fresh: Entry = { value: Promise.resolve(), expiresAt: now + ttlMs, lastGood };
  fresh.value = load().then(
    (value) => {
      fresh.lastGood = value;
      return value;
    },
    (error: unknown) => {
      // Forget the failure so the next request tries again; meanwhile the last good answer stands in.
      if (entries.get(key) === fresh) entries.delete(key);
      if (lastGood !== undefined) return lastGood;
      throw error;
    },
  );
  entries.delete(key);
  entries.set(key, fresh);
  if (entries.size > MAX_ENTRIES) entries.delete(entries.keys().next().value as string);
  return fresh.value as Promise<T>;
}

/** Drops every entry whose key starts with `prefix`: the site changed that data itself. */
export function invalidate(prefix: string): void {
  for (const key of entries.keys()) if (key.startsWith(prefix)) entries.delete(key);
}
