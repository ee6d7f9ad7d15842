import { AsyncLocalStorage } from "node:async_hooks";
import type { AppLoadContext } from "@remix-run/node";

/**
 * What a rendered page shows, as tags (app/lib/content-tag.ts), so the host's page cache (server/page-cache.ts) can
 * drop every page of a content item when this site changes it (app/runtime/content-writes.server.ts), and whether
 * all of it came: a page rendered while an upstream call failed (a side list left empty) is not kept for others.
 */
export type PageFacts = {
  tags: Set<string>;
  incomplete: boolean;
  /** How a logged-in visitor's page is made from this one, when it can be (app/render/personal.server.tsx). */
  personalize: Personalize | null;
};

/**
 * A visitor's own page: `statics[0] + fills[0] + statics[1] + … + statics[n]`, and the session cookie to send with it
 * when the session changed (a toast taken). `statics` is the stored page cut at its personal parts, the same array for
 * every visitor of one stored page, so what is derived from it (its compressed pieces, its scripts' hashes) is derived
 * once; `fills` are this visitor's parts.
 */
export type PersonalPage = { statics: readonly string[]; fills: string[]; setCookie: string | null };

/** The page for the visitor of `request` (with its load context), made from the anonymous page's bytes (UTF-8). */
export type Personalize = (stored: Buffer, request: Request, context: AppLoadContext) => Promise<PersonalPage>;

const collecting = new AsyncLocalStorage<PageFacts>();

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
export function setPersonalize(personalize: Personalize): void {
  const facts = collecting.getStore();
  if (facts) facts.personalize = personalize;
}

/**
 * Runs one render and reports what its pages said of themselves (pages are rendered whole, so the facts are
 * complete when the render's promise settles).
 */
export async function collectPageFacts<T>(render: () => Promise<T>): Promise<{ result: T; page: PageFacts }> {
  const page: PageFacts = { tags: new Set(), incomplete: false, personalize: null };
  const result = await collecting.run(page, render);
  return { result, page };
}
