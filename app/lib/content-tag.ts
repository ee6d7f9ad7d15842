/** An id as a write names it: a content item's hashid or a live id. */
const ID = "[A-Za-z0-9_-]{1,64}";

/** The tag of every page that shows one content item (its detail page in every form of its address). */
export function contentTag(postId: string): string {
  return `content:${postId}`;
}

/** The tag of every page that shows one live broadcast (its booking count). */
export function liveTag(liveId: string): string {
  return `live:${liveId}`;
}

/** A page tag as the two functions above make it: what a write may name of the stored pages. */
export const PAGE_TAG = new RegExp(`^(?:content|live):${ID}$`);

/**
 * The group of a shared answer's key (app/bff/shared-cache.server.ts): a kind and an id, each followed by a colon, as
 * `detail:{postId}:` groups the detail answer and the clue report of one content item; null for a key without one.
 * A write names groups, a whole group at a time.
 */
const ANSWER_GROUP = new RegExp(`^[a-z_]{1,32}:${ID}:`);
export function answerGroupOf(key: string): string | null {
  return ANSWER_GROUP.exec(key)?.[0] ?? null;
}
