import { AsyncLocalStorage } from "node:async_hooks";
import type { StoredPersonalization } from "~/render/stored-personalization";

/**
 * What a rendered page shows, as tags (app/lib/content-tag.ts), so the host's page cache (server/page-store.ts) can
 * drop every page of a content item when this site changes it (app/runtime/content-writes.server.ts), and whether
 * all of it came: a page rendered while an upstream call failed (a side list left empty) is not kept for others.
 */
export type RenderRecord = {
  tags: Set<string>;
  incomplete: boolean;
  /** How a logged-in visitor's page is made from this one, when it can be (app/render/personal.server.tsx). */
  personalization: StoredPersonalization | null;
};

const collecting = new AsyncLocalStorage<RenderRecord>();

/** Called while a page renders: the page shows what the tag names. Outside a render it does nothing. */
export function tagPage(tag: string): void {
  collecting.getStore()?.tags.add(tag);
}

/** Called when an upstream call of the rendering page failed (timeout, outage): the page is not all there. */
export function markPageIncomplete(): void {
  const facts = collecting.getStore();
  if (facts) facts.incomplete = true;
}

/** Called once a page rendered to be shared is complete: how it is made personal. Outside a render it does nothing. */
export function setPersonalization(personalization: StoredPersonalization): void {
  const facts = collecting.getStore();
  if (facts) facts.personalization = personalization;
}

/**
 * Runs one render and reports what its pages said of themselves (pages are rendered whole, so the facts are
 * complete when the render's promise settles).
 */
export async function collectRenderRecord<T>(render: () => Promise<T>): Promise<{ result: T; page: RenderRecord }> {
  const page: RenderRecord = { tags: new Set(), incomplete: false, personalization: null };
  const result = await collecting.run(page, render);
  return { result, page };
}
