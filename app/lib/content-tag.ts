const ID = "[A-Za-z0-9_-]{1,64}";

export function contentTag(postId: string): string {
  return `content:${postId}`;
}

export function liveTag(liveId: string): string {
  return `live:${liveId}`;
}

export const PAGE_TAG = new RegExp(`^(?:content|live):${ID}$`);

/** The group of a cached answer's key (app/bff/answers-cache.server.ts); a write invalidates whole groups. */
const ANSWER_GROUP = new RegExp(`^[a-z_]{1,32}:${ID}:`);
export function answerGroupOf(key: string): string | null {
  return ANSWER_GROUP.exec(key)?.[0] ?? null;
}
