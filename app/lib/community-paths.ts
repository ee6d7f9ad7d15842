/** Spec section 2; router paths, without the base path. */
export const communityPaths = {
  circle: (circleId: string) => `/dimim/circle/index?id=${encodeURIComponent(circleId)}`,
  post: (postId: string) => `/dimim/content/index?id=${encodeURIComponent(postId)}`,
  topic: (topicId: string) => `/dimim/topic/index?id=${encodeURIComponent(topicId)}`,
  question: (questionId: string) => `/fazak/problemShare/index?id=${encodeURIComponent(questionId)}`,
};

export const communityPageUrls = {
  circlePosts: (circleId: string, page: number) => `/api/dimim/posts?${new URLSearchParams({ circle: circleId, page: String(page) })}`,
  topicPosts: (topicId: string, page: number) => `/api/dimim/posts?${new URLSearchParams({ topic: topicId, page: String(page) })}`,
  replies: (postId: string, page: number) => `/api/dimim/replies?${new URLSearchParams({ id: postId, page: String(page) })}`,
  answers: (questionId: string, page: number) => `/api/fazak/answers?${new URLSearchParams({ id: questionId, page: String(page) })}`,
};

/** The platform's limit. */
export const MAX_TOPIC_NAME = 32;

export function topicKeyOf(query: URLSearchParams): { id: string } | { name: string } | null {
  const id = query.get("id");
  if (id) return { id };
  const name = query.get("name")?.trim() ?? "";
  return name && name.length <= MAX_TOPIC_NAME ? { name } : null;
}
