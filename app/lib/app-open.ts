/**
 * Spec section 3, app-open parameters: what the native app needs to open the page the visitor is on, a page kind
 * (stype) and the key that kind is opened by. A route's loader returns them as `appOpen`; the banner's "open
 * the app" and the app-open dialog carry them (app/hooks/use-app-open.ts), so the app lands on the same page.
 */
export type AppOpenParams = { stype: string; id?: string; post_id?: string; user_id?: string; topic_name?: string; invite_code?: string };

/** The dejin page kinds, each keyed as the spec says: dejinDetail by post_id, dejinPersonal by user_id, dejinTopic by topic_name. */
export const dejinAppOpen = {
  detail: (postId: string): AppOpenParams => ({ stype: "dejinDetail", post_id: postId }),
  personal: (userId: string): AppOpenParams => ({ stype: "dejinPersonal", user_id: userId }),
  topic: (topicName: string): AppOpenParams => ({ stype: "dejinTopic", topic_name: topicName }),
};

/**
 * The community and law page kinds. The spec's list of stypes has none for them, so these are ours, named like its
 * detail kinds and keyed by the spec's generic `id` (docs/product.md, "Community and law questions").
 */
export const communityAppOpen = {
  circle: (circleId: string): AppOpenParams => ({ stype: "circleHomepage", id: circleId }),
  post: (postId: string): AppOpenParams => ({ stype: "circleDetailspage", id: postId }),
  topic: (topicId: string): AppOpenParams => ({ stype: "circleTopicpage", id: topicId }),
  question: (questionId: string): AppOpenParams => ({ stype: "lawQuestionDetailspage", id: questionId }),
};

/**
 * The app's address (download or launch page) with the parameters added to its query; the address unchanged when
 * there are none or it does not parse, and '#' when there is no address.
 */
export function appOpenHref(appUrl: string, params: AppOpenParams | null): string {
  if (!appUrl) return "#";
  if (!params) return appUrl;
  let url: URL;
  try {
    url = new URL(appUrl);
  } catch {
    return appUrl;
  }
  for (const [name, value] of Object.entries(params)) if (value) url.searchParams.set(name, value);
  return url.href;
}
