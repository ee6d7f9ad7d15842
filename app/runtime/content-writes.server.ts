/**
 * Writes of this site (a comment, a collect) say which pages they made out of date, by tag
 * (app/lib/content-tag.ts); the page cache listens. Per process.
 */
const listeners = new Set<(tag: string) => void>();

/** Called after a write: every stored page with the tag is out of date. */
export function dropPages(tag: string): void {
  for (const listener of listeners) listener(tag);
}

/** The page cache listens here; returns the way to stop. */
export function onPagesDropped(listener: (tag: string) => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
