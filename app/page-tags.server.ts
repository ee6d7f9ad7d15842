import { AsyncLocalStorage } from "node:async_hooks";
import { singleton } from "~/singleton.server";

/**
 * What a rendered page shows, as tags (`content:{postId}`), so the host's page cache (server/page-cache.ts) can
 * drop every page of a content item when this site changes it (a comment, a collect). Pages say what they show
 * while they render; writes say what they changed. Kept per process, between the host and the Remix build.
 */
const { collecting, listeners } = singleton("page-tags", () => ({
  collecting: new AsyncLocalStorage<Set<string>>(),
  listeners: new Set<(tag: string) => void>(),
}));

/** The tag of every page that shows one content item (its detail page in every form of its address). */
export function contentTag(postId: string): string {
  return `content:${postId}`;
}

/** Called while a page renders: the page shows what the tag names. Outside a render it does nothing. */
export function tagPage(tag: string): void {
  collecting.getStore()?.add(tag);
}

/**
 * Runs one render and reports the tags its pages gave themselves. The set fills as the render goes on: a
 * streamed page's deferred parts add theirs later, so read it once the body is complete.
 */
export async function collectPageTags<T>(render: () => Promise<T>): Promise<{ result: T; tags: Set<string> }> {
  const tags = new Set<string>();
  const result = await collecting.run(tags, render);
  return { result, tags };
}

/** Called after a write: every stored page with the tag is out of date. */
export function dropPages(tag: string): void {
  for (const listener of listeners) listener(tag);
}

/** The page cache listens here; returns the way to stop. */
export function onPagesDropped(listener: (tag: string) => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
