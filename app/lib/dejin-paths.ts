/** The site paths of the tip-off (dejin) area, spec section 2; router paths, without the base path. */
export const dejinPaths = {
  catalog: () => "/dejin/catalog/index",
  content: () => "/dejin/content/index",
  detail: (postId: string) => `/dejin/detail/${encodeURIComponent(postId)}/index`,
  personal: (userId: string) => `/dejin/personal/${encodeURIComponent(userId)}/index`,
  topic: (topicName: string, channelId?: string) =>
    `/dejin/topic/${encodeURIComponent(topicName)}/index${channelId ? `?channel=${encodeURIComponent(channelId)}` : ""}`,
};

/**
 * Which clues a list shows: the whole stream (newest first), a topic or one of its channels (most read first,
 * the spec's changeChannelType), a reporter's own clues, or the clues that mention a reporter.
 */
export type ClueList =
  | { kind: "stream" }
  | { kind: "topic"; topic_name: string; channel?: string }
  | { kind: "reporter"; userId: string }
  | { kind: "mentions"; userId: string };

/** The address of one page of a clue list (the load-more resource route). */
export function clueListPageUrl(list: ClueList, page: number): string {
  const query = new URLSearchParams({ list: list.kind });
  if (list.kind === "topic") {
    query.set("topic", list.topic_name);
    if (list.channel) query.set("channel", list.channel);
  }
  if (list.kind === "reporter" || list.kind === "mentions") query.set("user", list.userId);
  query.set("page", String(page));
  return `/api/dejin/clues?${query}`;
}

/** Reads what clueListPageUrl wrote; null when the query names no list. */
export function parseClueList(query: URLSearchParams): ClueList | null {
  const kind = query.get("list");
  const topic = query.get("topic");
  const user = query.get("user");
  if (kind === "stream") return { kind };
  if (kind === "topic" && topic) return { kind, topic_name: topic, channel: query.get("channel") || undefined };
  if ((kind === "reporter" || kind === "mentions") && user) return { kind, userId: user };
  return null;
}
