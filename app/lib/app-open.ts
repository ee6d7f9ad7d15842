/** Spec section 3: what the native app needs to land on the page the visitor is on. */
export type AppOpenParams = {
  stype: string;
  id?: string;
  post_id?: string;
  user_id?: string;
  topic_name?: string;
  type?: string;
  content_link?: string;
  mp?: string;
  invite_code?: string;
};

/** A CSS :target dialog, so it opens without JavaScript too. */
export const APP_OPEN_HASH = "#app-open";

export const APP_OPEN_KEYS = [
  "stype",
  "id",
  "post_id",
  "user_id",
  "topic_name",
  "type",
  "content_link",
  "mp",
  "invite_code",
] as const satisfies readonly (keyof AppOpenParams)[];

/** The content-type registry stays out of this module, which every page loads. */
export function contentAppOpen(content: { post_id: string; content_type: string; mp?: string }, stype: string, link: string): AppOpenParams {
  const key = content.content_type === "special" ? { id: content.post_id } : { post_id: content.post_id };
  return { stype, ...key, type: content.content_type, content_link: link, ...(content.mp ? { mp: content.mp } : {}) };
}

export const dejinAppOpen = {
  detail: (postId: string): AppOpenParams => ({ stype: "dejinDetail", post_id: postId }),
  personal: (userId: string): AppOpenParams => ({ stype: "dejinPersonal", user_id: userId }),
  topic: (topicName: string): AppOpenParams => ({ stype: "dejinTopic", topic_name: topicName }),
};

/** The spec has no stypes for community and law pages, so these are ours (docs/product.md). */
export const communityAppOpen = {
  circle: (circleId: string): AppOpenParams => ({ stype: "circleHomepage", id: circleId }),
  post: (postId: string): AppOpenParams => ({ stype: "circleDetailspage", id: postId }),
  topic: (topicId: string): AppOpenParams => ({ stype: "circleTopicpage", id: topicId }),
  question: (questionId: string): AppOpenParams => ({ stype: "lawQuestionDetailspage", id: questionId }),
};

export function appOpenHref(appUrl: string, params: AppOpenParams | null): string {
  if (!appUrl) return "#";
  if (!params) return appUrl;
  let url: URL;
  try {
    url = new URL(appUrl);
  } catch {
    return appUrl;
  }
  for (const name of APP_OPEN_KEYS) if (params[name]) url.searchParams.set(name, params[name]);
  return url.href;
}
