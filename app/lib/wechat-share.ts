import { canonicalUrl } from "~/lib/share-url";

/** Spec sections 3, 4 and 9. Pure; app/client/wechat.ts applies them. */

export const WECHAT_JS_API_LIST = ["updateAppMessageShareData", "updateTimelineShareData", "chooseImage"] as const;
export const WECHAT_OPEN_TAG_LIST = ["wx-open-launch-app", "wx-open-launch-weapp"] as const;

/** iOS WeChat verifies against the entry URL (client-side navigations do not change it), Android against the current one. */
export function signatureUrl({ isIOS, entryUrl, currentUrl }: { isIOS: boolean; entryUrl: string; currentUrl: string }): string {
  return withoutHash(isIOS && entryUrl ? entryUrl : currentUrl);
}

function withoutHash(url: string): string {
  const index = url.indexOf("#");
  return index === -1 ? url : url.slice(0, index);
}

export type PageShare = { title: string; description: string; link: string; image: string };

export type WeChatShareData = { title: string; desc: string; link: string; imgUrl: string };

export const SHARE_FALLBACK_TITLE = "精彩内容";
export const SHARE_FALLBACK_DESCRIPTION = "打开APP，查看更多精彩内容";

/** Spec section 3's fallbacks. WeChat requires an absolute link, without its own added parameters. */
export function wechatShareData(
  page: PageShare,
  site: { name: string; description: string; logo: string },
  { currentUrl, bundledLogo }: { currentUrl: string; bundledLogo: string },
): WeChatShareData {
  const absolute = (href: string) => {
    try {
      return href ? new URL(href, currentUrl).href : "";
    } catch {
      return "";
    }
  };
  return {
    title: page.title.trim() || site.name.trim() || SHARE_FALLBACK_TITLE,
    desc: page.description.trim() || site.description.trim() || SHARE_FALLBACK_DESCRIPTION,
    link: canonicalUrl(absolute(page.link) || currentUrl),
    imgUrl: absolute(page.image) || absolute(site.logo) || absolute(bundledLogo),
  };
}
