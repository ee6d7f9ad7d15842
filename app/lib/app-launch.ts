import { APP_OPEN_KEYS, appOpenHref, type AppOpenParams } from "~/lib/app-open";
import type { Device } from "~/lib/device";

/** Spec sections 1 and 3. Pure: app/client/app-launcher.ts carries a plan out. */

export type AppLaunchConfig = {
  scheme: string;
  /** Base https URL of the iOS universal link (a host the app claims, never the site's own); "" for none. */
  universalLink: string;
  androidPackage: string;
  /** The App Store id (digits): the iOS fallback when the platform gives no download address. */
  iosAppStoreId: string;
  harmonyAppLink: string;
};

export type LaunchEnvironment = Pick<
  Device,
  "isIOS" | "isAndroid" | "isHarmony" | "isAndroidChrome" | "inAppBrowser" | "isMiniProgram" | "isOwnApp" | "isMobile"
>;

export type LaunchGuide = { kind: "guide"; browser: "safari" | "browser" };

export type LaunchAttemptKind = "universal-link" | "app-linking" | "intent" | "scheme";

export type LaunchPlan =
  | { kind: LaunchAttemptKind; url: string; fallbackUrl: string }
  /** Spec section 1: WeChat on Android or Harmony shows the launch-tips layer, and emits no openApp push. */
  | { kind: "launch-tips" }
  | LaunchGuide
  | { kind: "download"; url: string }
  | { kind: "unavailable" };

export const LAUNCH_TIMEOUT_MS = 2500;

const APP_PATH = "open";

/** A space is %20 (the app's parsers read it back, unlike '+'); no value can add a parameter or break an intent. */
export function launchQuery(params: AppOpenParams | null): string {
  if (!params) return "";
  return APP_OPEN_KEYS.flatMap((key) => (params[key] ? [`${key}=${encodeURIComponent(params[key])}`] : [])).join("&");
}

function withQuery(base: string, query: string): string {
  if (!query) return base;
  return base + (base.includes("?") ? "&" : "?") + query;
}

export function schemeUrl(scheme: string, params: AppOpenParams | null): string {
  return withQuery(`${scheme}://${APP_PATH}`, launchQuery(params));
}

/** Chrome resolves the intent itself; only the fallback sits inside its fields, percent-encoded as Chrome expects. */
export function intentUrl(config: Pick<AppLaunchConfig, "scheme" | "androidPackage">, params: AppOpenParams | null, fallbackUrl: string): string {
  const fields = [`scheme=${config.scheme}`, `package=${config.androidPackage}`];
  if (fallbackUrl) fields.push(`S.browser_fallback_url=${encodeURIComponent(fallbackUrl)}`);
  return `${withQuery(`intent://${APP_PATH}`, launchQuery(params))}#Intent;${fields.join(";")};end`;
}

export function appLinkUrl(base: string, params: AppOpenParams | null): string {
  return withQuery(base, launchQuery(params));
}

export function appStoreUrl(appId: string): string {
  return appId ? `https://apps.apple.com/app/id${appId}` : "";
}

/** iOS and HarmonyOS hand only a link to another host than the page's to an app. */
function crossSiteLink(base: string, pageOrigin: string): boolean {
  try {
    const url = new URL(base);
    return url.protocol === "https:" && url.host !== new URL(pageOrigin).host;
  } catch {
    return false;
  }
}

/**
 * Spec section 1: in WeChat on Android or Harmony, 打开APP shows the launch-tips layer; WeChat's open tag is laid over
 * the control only elsewhere in WeChat (iOS), where it can launch the app without taking the spec's answer away.
 */
export function wechatShowsLaunchTips(env: Pick<LaunchEnvironment, "inAppBrowser" | "isAndroid" | "isHarmony">): boolean {
  return env.inAppBrowser === "wechat" && (env.isAndroid || env.isHarmony);
}

/** `pageOrigin` matters because a universal link on the site's own origin would stay in the browser. */
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

  if (wechatShowsLaunchTips(env)) return { kind: "launch-tips" };
  // iOS WeChat blocks schemes and universal links: a tap its open tag did not take goes to the download address.
  if (env.inAppBrowser === "wechat") return { kind: "download", url: fallbackUrl };
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

export type LaunchSignal = "hidden" | "pagehide" | "timeout" | "focus";

/** A hidden page was left for the app; a page without focus at timeout is behind a system prompt, so the visitor decides. */
export function launchOutcome(
  kind: LaunchAttemptKind,
  signal: LaunchSignal,
  page: { hidden: boolean; focused: boolean },
): "opened" | "fell_back" | null {
  if (signal === "pagehide") return kind === "scheme" ? "opened" : "fell_back";
  if (signal === "hidden" || page.hidden) return "opened";
  return page.focused ? "fell_back" : null;
}
