/**
 * Spec section 3, app-open parameters: what the native app needs to open the page the visitor is on, a page kind
 * (stype) and the key that kind is opened by. A route's loader returns them as `appOpen`; the banner's "open
 * the app" and the app-open dialog carry them (app/hooks/use-app-open.ts), so the app lands on the same page.
 */
export type AppOpenParams = { stype: string; post_id?: string; user_id?: string; topic_name?: string; invite_code?: string };

/** The dejin page kinds, each keyed as the spec says: dejinDetail by post_id, dejinPersonal by user_id, dejinTopic by topic_name. */
export const dejinAppOpen = {
  detail: (postId: string): AppOpenParams => ({ stype: "dejinDetail", post_id: postId }),
  personal: (userId: string): AppOpenParams => ({ stype: "dejinPersonal", user_id: userId }),
  topic: (topicName: string): AppOpenParams => ({ stype: "dejinTopic", topic_name: topicName }),
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
