/** The tag of every page that shows one content item (its detail page in every form of its address). */
export function contentTag(postId: string): string {
  return `content:${postId}`;
}

/** The tag of every page that shows one live broadcast (its booking count). */
export function liveTag(liveId: string): string {
  return `live:${liveId}`;
}
