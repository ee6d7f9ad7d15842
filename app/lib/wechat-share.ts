import { canonicalUrl } from "~/lib/share-url";

/**
 * The WeChat share rules of spec sections 3, 4 and 9: what wx.config asks for, which URL is signed, and the share
 * card a page gets. Pure; app/client/wechat.ts applies them.
 */

/** Spec section 9's share SDK API list, split as wx.config takes it: JS interfaces, then open tags. */
export const WECHAT_JS_API_LIST = ["updateAppMessageShareData", "updateTimelineShareData", "chooseImage"] as const;
export const WECHAT_OPEN_TAG_LIST = ["wx-open-launch-app", "wx-open-launch-weapp"] as const;

/**
 * The URL the JS-SDK signature must be for. iOS WeChat verifies against the URL the visitor entered the site on
 * (client-side navigations do not change it); Android WeChat against the current one. Never the '#' part.
 */
export function signatureUrl({ isIOS, entryUrl, currentUrl }: { isIOS: boolean; entryUrl: string; currentUrl: string }): string {
  return withoutHash(isIOS && entryUrl ? entryUrl : currentUrl);
}

function withoutHash(url: string): string {
  const index = url.indexOf("#");
  return index === -1 ? url : url.slice(0, index);
}

/** What a page says about itself for sharing (its Open Graph tags and canonical link); empty when it says nothing. */
export type PageShare = { title: string; description: string; link: string; image: string };

/** The card WeChat shows, in the fields updateAppMessageShareData takes. */
export type WeChatShareData = { title: string; desc: string; link: string; imgUrl: string };

export const SHARE_FALLBACK_TITLE = "精彩内容";
export const SHARE_FALLBACK_DESCRIPTION = "打开APP，查看更多精彩内容";

/**
 * A page's share card, falling back as spec section 3 says: the title to the site's name, then a fixed text; the
 * description to the site's, then a fixed text; the link to the current address; the image to the site's logo, then
 * the bundled logo. The link is the canonical address without WeChat's added parameters (from, isappinstalled…) and
 * without the hash; relative addresses become absolute against the current one, as WeChat requires.
 */
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
