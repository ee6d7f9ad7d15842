/** The tag of every page that shows one content item (its detail page in every form of its address). */
export function contentTag(postId: string): string {
  return `content:${postId}`;
}
