import { createIsbotFromList, list as isbotPatterns } from "isbot";
import UAParser from "ua-parser-js";

export type Device = {
  isWeChat: boolean;
  isAndroid: boolean;
  isIOS: boolean;
  isHarmony: boolean;
  isMobile: boolean;
  /** WeChat mini-program webview as far as the UA tells; the client confirms it later through wx.miniProgram.getEnv. */
  isMiniProgram: boolean;
  /** Our own native client, whose webview appends the token 'davmu' to its user agent. */
  isOwnApp: boolean;
  isBot: boolean;
  isDesktop: boolean;
  /**
   * A Macintosh user agent: a Mac, or Safari on an iPad, which sends the same since iPadOS 13. The server cannot
   * tell them apart; the page does, by its touch points (client/desktop-redirect.ts).
   */
  isMacintosh: boolean;
  /** Chrome on Android (or a browser built on it that handles intent:// links), not a webview. */
  isAndroidChrome: boolean;
  /** The app whose built-in browser this is, when it is one: such browsers block app schemes. */
  inAppBrowser: InAppBrowser | null;
};

/** Apps whose built-in browsers block custom schemes and universal links; `other` names the rest of the known ones. */
export type InAppBrowser = "wechat" | "qq" | "weibo" | "other";

/**
 * QQ's in-app browser says ' QQ/8.9…' (the stand-alone QQ Browser says 'MQQBrowser' without it); the others are
 * Qzone, Baidu, DingTalk, Alipay, Douyin and Toutiao, which all keep a page from opening another app.
 */
function inAppBrowserOf(ua: string): InAppBrowser | null {
  if (/MicroMessenger/i.test(ua)) return "wechat";
  if (/\sQQ\/\d/.test(ua)) return "qq";
  if (/Weibo/i.test(ua)) return "weibo";
  if (/Qzone\/|baiduboxapp|DingTalk|AlipayClient|aweme|NewsArticle/i.test(ua)) return "other";
  return null;
}

/**
 * isbot's generic 'sogou' pattern also matches Sogou's mobile browser, which real readers use;
 * Sogou's crawlers still match the generic 'spider' pattern, so only that entry is dropped.
 */
const isListedBot = createIsbotFromList(isbotPatterns.filter((pattern) => pattern !== "sogou"));

/** Link-preview fetchers and Chinese crawlers, named explicitly so a change in isbot's list cannot let them through. */
const PREVIEW_FETCHER =
  /WhatsApp|TelegramBot|Slackbot|facebookexternalhit|Twitterbot|Discordbot|LinkedInBot|SkypeUriPreview|(?:Weixin|WeChat)\s?Spider|Bytespider|Baiduspider|Sogou[\w ]*spider|360Spider|YisouSpider/i;

/** Accepts a missing header (`request.headers.get("user-agent")`) as an empty user agent. */
export function detectDevice(userAgent: string | null | undefined): Device {
  const ua = userAgent ?? "";
  const { os, device } = new UAParser(ua).getResult();
  const isHarmony = /HarmonyOS|OpenHarmony|ArkWeb/i.test(ua);
  // HarmonyOS 2–4 still carries 'Android' and launches apps the Android way, so it counts as both.
  const isAndroid = /Android/i.test(ua);
  const isIOS = os.name === "iOS" || /iPhone|iPad|iPod/.test(ua);
  const isMobile = device.type === "mobile" || device.type === "tablet" || isAndroid || isIOS || isHarmony;
  const inAppBrowser = inAppBrowserOf(ua);
  return {
    isWeChat: inAppBrowser === "wechat",
    isAndroid,
    isIOS,
    isHarmony,
    isMobile,
    isMiniProgram: /miniProgram/i.test(ua),
    isOwnApp: /davmu/i.test(ua),
    isBot: isListedBot(ua) || PREVIEW_FETCHER.test(ua),
    isDesktop: !isMobile && !isHarmony,
    isMacintosh: !isMobile && /Macintosh/.test(ua),
    // Webviews ('; wv)') and the old stock browsers ('Version/4.0') ignore intent:// links; Chrome, Samsung
    // Internet and Edge say 'Chrome/… Mobile Safari/…' without either.
    isAndroidChrome: isAndroid && !inAppBrowser && /Chrome\/[\d.]+ Mobile Safari\//.test(ua) && !/Version\/\d|; wv\)/.test(ua),
    inAppBrowser,
  };
}

/**
 * Whether the server should send this visitor to the /pc wrapper: a desktop browser that is
 * neither a crawler (it must see the real page) nor our own client nor a mini-program webview
 * (PC WeChat runs mini programs, and the wrapper's iframe would cut the wx.miniProgram bridge),
 * nor a Macintosh user agent, which may be an iPad: the page's own desktop check decides for those.
 */
export function shouldRedirectToPc(ua: string | null | undefined): boolean {
  const device = detectDevice(ua);
  return device.isDesktop && !device.isBot && !device.isOwnApp && !device.isMiniProgram && !device.isMacintosh;
}

/** What a page's HTML may depend on of the user agent: the root loader hands exactly this to every page. */
export type PageDevice = Pick<
  Device,
  | "isWeChat"
  | "isAndroid"
  | "isHarmony"
  | "isMiniProgram"
  | "isMobile"
  | "isMacintosh"
  | "isBot"
  | "isOwnApp"
  | "isIOS"
  | "isAndroidChrome"
  | "inAppBrowser"
>;

/**
 * The device class a page renders for. Anonymous pages are cached per class (server/page-cache/page-store.ts keys by it),
 * so a page must read the user agent only through this: a fact read any other way would leak between visitors.
 */
export function pageDevice(userAgent: string | null | undefined): PageDevice {
  const { isWeChat, isAndroid, isHarmony, isMiniProgram, isMobile, isMacintosh, isBot, isOwnApp, isIOS, isAndroidChrome, inAppBrowser } =
    detectDevice(userAgent);
  return { isWeChat, isAndroid, isHarmony, isMiniProgram, isMobile, isMacintosh, isBot, isOwnApp, isIOS, isAndroidChrome, inAppBrowser };
}

/** Every value of the real-user metrics' `device_class` label. */
export const DEVICE_CLASS_LABELS = [
  "wechat-android",
  "wechat-ios",
  "mini-program",
  "ios-safari",
  "android-browser",
  "harmonyos",
  "desktop",
  "other",
] as const;

export type DeviceClassLabel = (typeof DEVICE_CLASS_LABELS)[number];

/**
 * The browser a page view's figures are labelled with, from the request's user agent (never from what the page
 * says). Every iOS browser is WebKit, so all count as `ios-safari`; crawlers are `other`.
 */
export function deviceClassLabel(device: Device): DeviceClassLabel {
  if (device.isBot) return "other";
  if (device.isMiniProgram) return "mini-program";
  if (device.isWeChat && device.isIOS) return "wechat-ios";
  if (device.isWeChat && device.isAndroid) return "wechat-android";
  if (device.isHarmony) return "harmonyos";
  if (device.isIOS) return "ios-safari";
  if (device.isAndroid) return "android-browser";
  return device.isDesktop ? "desktop" : "other";
}
