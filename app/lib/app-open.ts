/**
 * Spec section 3, app-open parameters: what the native app needs to open the page the visitor is on, a page kind
 * (stype) and the key that kind is opened by. A route's loader returns them as `appOpen`; the banner's "open
 * the app" and the app-open dialog carry them (app/hooks/use-app-open.ts), so the app lands on the same page.
 */
export type AppOpenParams = {
  stype: string;
  /** Special topics are opened by `id`, other content by `post_id`. */
  id?: string;
  post_id?: string;
  user_id?: string;
  topic_name?: string;
  /** The content type (spec section 3's `type`). */
  type?: string;
  /** The page's own address, for an app that cannot show the kind natively. */
  content_link?: string;
  /** The official account the content belongs to. */
  mp?: string;
  /** An invitation's code, carried into the app from the invite page. */
  invite_code?: string;
};

/**
 * Links to this hash open the page's one app-open dialog (components/app-open-dialog.tsx, rendered by the root): a
 * CSS :target dialog, so it opens without JavaScript too.
 */
export const APP_OPEN_HASH = "#app-open";

/** Every parameter the app reads, in the order the launch URLs carry them. */
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

/**
 * A content page's parameters: its kind (`stype`, from the content-type registry: spec section 3's table), keyed
 * by `id` for special topics and `post_id` otherwise. The registry stays out of this module, which every page loads.
 */
export function contentAppOpen(content: { post_id: string; content_type: string; mp?: string }, stype: string, link: string): AppOpenParams {
  const key = content.content_type === "special" ? { id: content.post_id } : { post_id: content.post_id };
  return { stype, ...key, type: content.content_type, content_link: link, ...(content.mp ? { mp: content.mp } : {}) };
}

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
  for (const name of APP_OPEN_KEYS) if (params[name]) url.searchParams.set(name, params[name]);
  return url.href;
}
