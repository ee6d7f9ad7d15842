import { createIsbotFromList, list as isbotPatterns } from "isbot";
import UAParser from "ua-parser-js";

export type Device = {
  isWeChat: boolean;
  isAndroid: boolean;
  isIOS: boolean;
  isHarmony: boolean;
  isMobile: boolean;
  /** As far as the UA tells; the client confirms it through wx.miniProgram.getEnv. */
  isMiniProgram: boolean;
  /** Our webview appends 'davmu' to its user agent. */
  isOwnApp: boolean;
  isBot: boolean;
  isDesktop: boolean;
  /** A Mac, or Safari on an iPad (the same UA since iPadOS 13); the page tells them apart by touch points. */
  isMacintosh: boolean;
  /** Or a browser built on it that handles intent:// links; not a webview. */
  isAndroidChrome: boolean;
  inAppBrowser: InAppBrowser | null;
};

export type InAppBrowser = "wechat" | "qq" | "weibo" | "other";

/** All of these keep a page from opening another app; the stand-alone QQ Browser ('MQQBrowser') does not. */
function inAppBrowserOf(ua: string): InAppBrowser | null {
  if (/MicroMessenger/i.test(ua)) return "wechat";
  if (/\sQQ\/\d/.test(ua)) return "qq";
  if (/Weibo/i.test(ua)) return "weibo";
  if (/Qzone\/|baiduboxapp|DingTalk|AlipayClient|aweme|NewsArticle/i.test(ua)) return "other";
  return null;
}

/** isbot's 'sogou' also matches Sogou's mobile browser; its crawlers still match 'spider'. */
const isListedBot = createIsbotFromList(isbotPatterns.filter((pattern) => pattern !== "sogou"));

/** Named explicitly so a change in isbot's list cannot let them through. */
const PREVIEW_FETCHER =
  /WhatsApp|TelegramBot|Slackbot|facebookexternalhit|Twitterbot|Discordbot|LinkedInBot|SkypeUriPreview|(?:Weixin|WeChat)\s?Spider|Bytespider|Baiduspider|Sogou[\w ]*spider|360Spider|YisouSpider/i;

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

/** Not crawlers, our app, mini programs (the iframe cuts wx.miniProgram) or a Mac UA that may be an iPad. */
export function shouldRedirectToPc(ua: string | null | undefined): boolean {
  const device = detectDevice(ua);
  return device.isDesktop && !device.isBot && !device.isOwnApp && !device.isMiniProgram && !device.isMacintosh;
}

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

/** Anonymous pages are cached per class, so a page must read the UA only through this or facts leak between visitors. */
export function pageDevice(userAgent: string | null | undefined): PageDevice {
  const { isWeChat, isAndroid, isHarmony, isMiniProgram, isMobile, isMacintosh, isBot, isOwnApp, isIOS, isAndroidChrome, inAppBrowser } =
    detectDevice(userAgent);
  return { isWeChat, isAndroid, isHarmony, isMiniProgram, isMobile, isMacintosh, isBot, isOwnApp, isIOS, isAndroidChrome, inAppBrowser };
}

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

/** From the request's UA, never from what the page says. Every iOS browser is WebKit, so all count as `ios-safari`. */
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
