/** Spec section 2; router paths, without the base path. */
export const dejinPaths = {
  catalog: () => "/dejin/catalog/index",
  content: () => "/dejin/content/index",
  detail: (postId: string) => `/dejin/detail/${encodeURIComponent(postId)}/index`,
  personal: (userId: string) => `/dejin/personal/${encodeURIComponent(userId)}/index`,
  topic: (topicName: string, channelId?: string) =>
    `/dejin/topic/${encodeURIComponent(topicName)}/index${channelId ? `?channel=${encodeURIComponent(channelId)}` : ""}`,
};

export type ClueList =
  | { kind: "stream" }
  | { kind: "topic"; topic_name: string; channel?: string }
  | { kind: "reporter"; userId: string }
  | { kind: "mentions"; userId: string };

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

export function parseClueList(query: URLSearchParams): ClueList | null {
  const kind = query.get("list");
  const topic = query.get("topic");
  const user = query.get("user");
  if (kind === "stream") return { kind };
  if (kind === "topic" && topic) return { kind, topic_name: topic, channel: query.get("channel") || undefined };
  if ((kind === "reporter" || kind === "mentions") && user) return { kind, userId: user };
  return null;
}
