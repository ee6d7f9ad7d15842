import { APP_OPEN_KEYS, appOpenHref, type AppOpenParams } from "~/lib/app-open";
import type { Device } from "~/lib/device";

/**
 * How the site asks the phone to open the native app, per environment (spec sections 1 and 3), as the call-app
 * libraries do it: iOS by universal link, Android Chrome by intent:// (Chrome falls back by itself), other Android
 * browsers by the scheme, HarmonyOS NEXT by App Linking, and in-app browsers, which block all of these, by the
 * WeChat open tag or a guide to the real browser. Pure: app/client/app-launcher.ts carries a plan out.
 */

/** The app's launch configuration (APP_* environment variables, see the README). */
export type AppLaunchConfig = {
  /** The app's custom URL scheme: `davmu` opens `davmu://open?…`. */
  scheme: string;
  /** Base https URL of the iOS universal link (a host the app claims, never the site's own); "" for none. */
  universalLink: string;
  /** The Android application id, for intent:// links; "" for none. */
  androidPackage: string;
  /** The App Store id (digits): the iOS fallback when the platform gives no download address. */
  iosAppStoreId: string;
  /** Base https URL of the HarmonyOS NEXT App Linking link; "" for none. */
  harmonyAppLink: string;
};

/** What the launcher needs to know of the visitor's browser (the root loader's device flags). */
export type LaunchEnvironment = Pick<
  Device,
  "isIOS" | "isAndroid" | "isHarmony" | "isAndroidChrome" | "inAppBrowser" | "isMiniProgram" | "isOwnApp" | "isMobile"
>;

/** Spec section 1's launch-tips layer: "tap ··· and open in the browser" (Safari on iOS). */
export type LaunchGuide = { kind: "guide"; browser: "safari" | "browser" };

/** The ways of opening the app that can be tried and then checked: the page goes hidden, or it was not opened. */
export type LaunchAttemptKind = "universal-link" | "app-linking" | "intent" | "scheme";

export type LaunchPlan =
  /** Try `url`; when the page stays visible past LAUNCH_TIMEOUT_MS, go to `fallbackUrl` (if there is one). */
  | { kind: LaunchAttemptKind; url: string; fallbackUrl: string }
  /**
   * In WeChat only `<wx-open-launch-app>` opens an app (its `extinfo` is handed to the app). The tag lies over the
   * control; a tap that reaches the control means the tag is unavailable or failed, so the fallback is shown.
   */
  | { kind: "wechat-open-tag"; extinfo: string; fallback: LaunchGuide }
  | LaunchGuide
  /** Nothing to launch (a desktop browser, or no configuration): the download address. */
  | { kind: "download"; url: string }
  /** Inside the app itself, or a mini program, which cannot leave for another app. */
  | { kind: "unavailable" };

/** A page still visible this long after the attempt means the app did not open (the call-app libraries use 1.5-3 s). */
export const LAUNCH_TIMEOUT_MS = 2500;

/** The path every launch URL opens in the app; the parameters say which page. */
const APP_PATH = "open";

/**
 * The parameters as a query string, each name and value percent-encoded (a space as %20, which the app's URL
 * parsers read back, unlike '+'), so no value can add a parameter ('&'), end the URL ('#') or break out of an
 * intent's fields (';').
 */
export function launchQuery(params: AppOpenParams | null): string {
  if (!params) return "";
  return APP_OPEN_KEYS.flatMap((key) => (params[key] ? [`${key}=${encodeURIComponent(params[key])}`] : [])).join("&");
}

function withQuery(base: string, query: string): string {
  if (!query) return base;
  return base + (base.includes("?") ? "&" : "?") + query;
}

/** `davmu://open?stype=…`: what the app registers for, and the WeChat open tag's extinfo. */
export function schemeUrl(scheme: string, params: AppOpenParams | null): string {
  return withQuery(`${scheme}://${APP_PATH}`, launchQuery(params));
}

/**
 * The Android intent link Chrome resolves itself: the app by its package when installed, else `fallbackUrl`.
 * Only the fallback sits inside the intent's fields, and it is percent-encoded there as Chrome expects.
 */
export function intentUrl(config: Pick<AppLaunchConfig, "scheme" | "androidPackage">, params: AppOpenParams | null, fallbackUrl: string): string {
  const fields = [`scheme=${config.scheme}`, `package=${config.androidPackage}`];
  if (fallbackUrl) fields.push(`S.browser_fallback_url=${encodeURIComponent(fallbackUrl)}`);
  return `${withQuery(`intent://${APP_PATH}`, launchQuery(params))}#Intent;${fields.join(";")};end`;
}

/** A universal link or App Linking URL: the configured https base with the parameters. */
export function appLinkUrl(base: string, params: AppOpenParams | null): string {
  return withQuery(base, launchQuery(params));
}

/** The App Store page of an app id. */
export function appStoreUrl(appId: string): string {
  return appId ? `https://apps.apple.com/app/id${appId}` : "";
}

/** An https link another host than the page's, which is the only kind iOS and HarmonyOS hand to an app. */
function crossSiteLink(base: string, pageOrigin: string): boolean {
  try {
    const url = new URL(base);
    return url.protocol === "https:" && url.host !== new URL(pageOrigin).host;
  } catch {
    return false;
  }
}

/**
 * The plan for one tap: `params` are the page's app-open parameters, `downloadUrl` the platform's download
 * address, `pageOrigin` the site's origin (a universal link on it would stay in the browser), `itemAppUrl` the
 * item's own app address (its `app_url`, lib/item-flags.ts: https or the app's scheme), tried instead of the
 * site's launch link wherever a browser can try one.
 */
export function launchPlan(
  env: LaunchEnvironment,
  config: AppLaunchConfig,
  params: AppOpenParams | null,
  downloadUrl: string,
  pageOrigin: string,
  itemAppUrl = "",
): LaunchPlan {
  if (env.isOwnApp || env.isMiniProgram) return { kind: "unavailable" };
  const download = appOpenHref(downloadUrl, params);
  const fallbackUrl = download !== "#" ? download : env.isIOS ? appStoreUrl(config.iosAppStoreId) : "";
  const guide: LaunchGuide = { kind: "guide", browser: env.isIOS ? "safari" : "browser" };

  if (env.inAppBrowser === "wechat") return { kind: "wechat-open-tag", extinfo: schemeUrl(config.scheme, params), fallback: guide };
  if (env.inAppBrowser) return guide;
  if (!env.isMobile) return { kind: "download", url: fallbackUrl };
  if (itemAppUrl) return { kind: itemAppUrl.startsWith("https:") ? "universal-link" : "scheme", url: itemAppUrl, fallbackUrl };
  if (!config.scheme) return { kind: "download", url: fallbackUrl };

  if (env.isIOS && crossSiteLink(config.universalLink, pageOrigin)) {
    return { kind: "universal-link", url: appLinkUrl(config.universalLink, params), fallbackUrl };
  }
  // HarmonyOS NEXT has no 'Android' in its user agent; HarmonyOS 2-4 does, and opens apps the Android way.
  if (env.isHarmony && !env.isAndroid && crossSiteLink(config.harmonyAppLink, pageOrigin)) {
    return { kind: "app-linking", url: appLinkUrl(config.harmonyAppLink, params), fallbackUrl };
  }
  if (env.isAndroidChrome && config.androidPackage) {
    return { kind: "intent", url: intentUrl(config, params, fallbackUrl), fallbackUrl };
  }
  return { kind: "scheme", url: schemeUrl(config.scheme, params), fallbackUrl };
}

/**
 * What can happen while an attempt waits: the page hides, is unloaded, the time is up, or (after that) the focus
 * comes back to it.
 */
export type LaunchSignal = "hidden" | "pagehide" | "timeout" | "focus";

/**
 * How an attempt ended, or null while it cannot be told yet. A page that hides was left for the app. A page that is
 * unloaded was navigated: to Chrome's browser_fallback_url, or to the page a universal link or App Link shows when
 * no app claims it, so the app did not open; only old webviews unload a page for a scheme the app took. When the
 * time is up, a page still visible and focused was not left: the app is missing. One that has lost the focus (the
 * weaker signal) is behind a system prompt ("open in the app?", or Safari's "address is invalid"): the visitor's
 * answer decides, when the page hides or gets the focus back.
 */
export function launchOutcome(
  kind: LaunchAttemptKind,
  signal: LaunchSignal,
  page: { hidden: boolean; focused: boolean },
): "opened" | "fell_back" | null {
  if (signal === "pagehide") return kind === "scheme" ? "opened" : "fell_back";
  if (signal === "hidden" || page.hidden) return "opened";
  return page.focused ? "fell_back" : null;
}
