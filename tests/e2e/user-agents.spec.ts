import { devices, type APIRequestContext } from "@playwright/test";
import { expect, test } from "./support/test";
import { SEED_FIXTURES } from "../../platform/seed";
import { LOCALE_COOKIE, pathInLanguage } from "../../app/lib/languages";
import { E2E_ORIGIN } from "./support/e2e-server";
import { articleUrl, detailUrl } from "./support/urls";
import {
  desktopUserAgent,
  harmonyNextUserAgent,
  harmonyWeChatUserAgent,
  iphoneSafariUserAgent,
  macintoshSafariUserAgent,
  miniProgramAndroidUserAgent,
  miniProgramUserAgent,
  wechatIOSUserAgent,
  wechatUserAgent,
} from "./support/user-agents";

/**
 * Everything the server's answer changes by user agent, one row per user agent the site tells apart, asked with
 * requests alone (no page): the /pc redirect, the edge's variant, the stored page's headers and key, the chrome the
 * server renders, and the language redirect. What the page's scripts then do per browser (the launch, WeChat's SDK,
 * the open tags, the launch tips) stays in the browser specs on the user-agent profiles.
 *
 * Taken over from the browser specs: desktop.spec.ts's redirect, framed-page, phone and Macintosh status checks, and
 * wechat.spec.ts's check, on the mini-program profile, that the server renders the footer instead of the banner.
 */

const BASE = "/davmu/share/";
const ARTICLE = articleUrl(SEED_FIXTURES.manyComments);
const LIVE = detailUrl(SEED_FIXTURES.localLive, "local_live");
/** Nothing writes to the app bar: its stored bytes change only when they expire. */
const BAR = `${BASE}bar`;
const HTML = { accept: "text/html,application/xhtml+xml" };
/** How the /pc wrapper frames the page: the host answers it with the page itself. */
const FRAMED = { ...HTML, "sec-fetch-dest": "iframe" };

const ANDROID_CHROME = devices["Pixel 7"].userAgent;
const LINUX_CHROME = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";
const GOOGLEBOT = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";
/** Our own app's webview appends 'davmu'. */
const OWN_APP = `${ANDROID_CHROME} davmu/5.2.0`;
/** Long, but within what the host accepts in one header: the parsers and the class cache take it as a phone. */
const OVER_LONG = `${ANDROID_CHROME} ${"Plugin/1.0 ".repeat(600)}`;

type Row = {
  name: string;
  userAgent: string;
  /** The class the edge and the page store key by (X-Page-Variant), `-` for a plain desktop browser. */
  variant: string;
  /** Sent to the /pc wrapper; its framed page is answered as any other. */
  toPc: boolean;
  /** Rendered by the server: the open-app banner, or a mini program's footer in its place. */
  chrome: "banner" | "footer" | "none";
  /** The banner on a live page, which only phones get. */
  liveBanner: boolean;
  /** The app bar's hint to open the page in a browser, for WeChat only. */
  wechatHint: boolean;
};

const ANDROID_BROWSER = "isAndroid,isMobile,isAndroidChrome";
const WECHAT_ANDROID = "isWeChat,isAndroid,isMobile,inAppBrowser=wechat";

const ROWS: Row[] = [
  {
    name: "iPhone Safari",
    userAgent: iphoneSafariUserAgent,
    variant: "isMobile,isIOS",
    toPc: false,
    chrome: "banner",
    liveBanner: true,
    wechatHint: false,
  },
  { name: "Android Chrome", userAgent: ANDROID_CHROME, variant: ANDROID_BROWSER, toPc: false, chrome: "banner", liveBanner: true, wechatHint: false },
  {
    name: "WeChat on Android",
    userAgent: wechatUserAgent,
    variant: WECHAT_ANDROID,
    toPc: false,
    chrome: "banner",
    liveBanner: true,
    wechatHint: true,
  },
  {
    name: "WeChat on iOS",
    userAgent: wechatIOSUserAgent,
    variant: "isWeChat,isMobile,isIOS,inAppBrowser=wechat",
    toPc: false,
    chrome: "banner",
    liveBanner: true,
    wechatHint: true,
  },
  {
    name: "a mini program on Android",
    userAgent: miniProgramAndroidUserAgent,
    variant: "isWeChat,isAndroid,isMiniProgram,isMobile,inAppBrowser=wechat",
    toPc: false,
    chrome: "footer",
    liveBanner: false,
    wechatHint: true,
  },
  {
    name: "a mini program on iOS",
    userAgent: miniProgramUserAgent,
    variant: "isWeChat,isMiniProgram,isMobile,isIOS,inAppBrowser=wechat",
    toPc: false,
    chrome: "footer",
    liveBanner: false,
    wechatHint: true,
  },
  {
    name: "HarmonyOS NEXT",
    userAgent: harmonyNextUserAgent,
    variant: "isHarmony,isMobile",
    toPc: false,
    chrome: "banner",
    liveBanner: true,
    wechatHint: false,
  },
  {
    name: "WeChat on HarmonyOS NEXT",
    userAgent: harmonyWeChatUserAgent,
    variant: "isWeChat,isHarmony,isMobile,inAppBrowser=wechat",
    toPc: false,
    chrome: "banner",
    liveBanner: true,
    wechatHint: true,
  },
  // A Mac, or an iPad asking for the desktop site: the server cannot tell them apart, so it serves the page.
  {
    name: "Macintosh Safari",
    userAgent: macintoshSafariUserAgent,
    variant: "isMacintosh",
    toPc: false,
    chrome: "banner",
    liveBanner: false,
    wechatHint: false,
  },
  { name: "Windows Chrome", userAgent: desktopUserAgent, variant: "-", toPc: true, chrome: "banner", liveBanner: false, wechatHint: false },
  { name: "Linux Chrome", userAgent: LINUX_CHROME, variant: "-", toPc: true, chrome: "banner", liveBanner: false, wechatHint: false },
  { name: "a crawler", userAgent: GOOGLEBOT, variant: "isBot", toPc: false, chrome: "banner", liveBanner: false, wechatHint: false },
  {
    name: "our app's webview",
    userAgent: OWN_APP,
    variant: "isAndroid,isMobile,isOwnApp,isAndroidChrome",
    toPc: false,
    chrome: "none",
    liveBanner: false,
    wechatHint: false,
  },
  // Neither a phone nor a desktop browser as far as the parsers tell: served as a desktop browser would be.
  { name: "an empty user agent", userAgent: "", variant: "-", toPc: true, chrome: "banner", liveBanner: false, wechatHint: false },
  {
    name: "a garbage user agent",
    userAgent: "%%% <script>alert(1)</script> ;;",
    variant: "-",
    toPc: true,
    chrome: "banner",
    liveBanner: false,
    wechatHint: false,
  },
  {
    name: "an over-long user agent",
    userAgent: OVER_LONG,
    variant: ANDROID_BROWSER,
    toPc: false,
    chrome: "banner",
    liveBanner: true,
    wechatHint: false,
  },
];

const pcUrlFor = (path: string) => `${BASE}pc?url=${encodeURIComponent(`${E2E_ORIGIN}${path}`)}`;
const BANNER = '<header class="banner"';
const FOOTER = 'class="mp-footer"';

/** The page as the phone, or as the /pc wrapper's frame for a browser sent there. */
async function pageHtml(request: APIRequestContext, row: Row, path: string): Promise<string> {
  const response = await request.get(path, { maxRedirects: 0, headers: { "user-agent": row.userAgent, ...(row.toPc ? FRAMED : HTML) } });
  expect(response.status()).toBe(200);
  return response.text();
}

for (const row of ROWS) {
  test(`${row.name}: the redirect, the variant, the stored page and its chrome`, async ({ request }) => {
    const headers = { "user-agent": row.userAgent };

    const variant = await request.get(`${BASE}edge-variant`, { headers });
    expect(variant.headers()["x-page-variant"]).toBe(row.variant);
    expect(variant.headers()["vary"]).toBe("User-Agent");

    const path = `${ARTICLE}?_t=1700000000000&from=singlemessage`;
    const direct = await request.get(path, { maxRedirects: 0, headers: { ...headers, ...HTML } });
    if (row.toPc) {
      expect(direct.status()).toBe(302);
      expect(direct.headers()["location"]).toBe(pcUrlFor(path));
    } else {
      expect(direct.status()).toBe(200);
      // Stored and shared, so every cache in between must key it by the user agent too.
      expect(direct.headers()["cache-control"]).toMatch(/^public, max-age=0, s-maxage=\d+,/);
      expect(direct.headers()["vary"]).toMatch(/\bUser-Agent\b/);
    }
    // A request that does not ask for a page (a script's fetch, an image) is never redirected.
    expect((await request.get(ARTICLE, { maxRedirects: 0, headers: { ...headers, accept: "*/*" } })).status()).toBe(200);

    const article = await pageHtml(request, row, ARTICLE);
    expect(article.includes(BANNER), "the open-app banner").toBe(row.chrome === "banner");
    expect(article.includes(FOOTER), "the mini program's footer").toBe(row.chrome === "footer");
    expect((await pageHtml(request, row, LIVE)).includes(BANNER), "the banner on a live page").toBe(row.liveBanner);
    expect((await pageHtml(request, row, BAR)).includes('class="app-bar__tip"'), "the app bar's WeChat hint").toBe(row.wechatHint);

    // The language cookie sends an unprefixed address to its zh-Hant twin, after the /pc redirect has had its say.
    const cookie = `${LOCALE_COOKIE}=zh-Hant`;
    const chosen = await request.get(ARTICLE, { maxRedirects: 0, headers: { ...headers, ...HTML, cookie } });
    expect(chosen.status()).toBe(302);
    expect(chosen.headers()["location"]).toBe(row.toPc ? pcUrlFor(ARTICLE) : pathInLanguage(ARTICLE, "zh-Hant"));
  });
}

test("a user agent's class, not its text, keys the stored page", async ({ request }) => {
  const get = (userAgent: string) => request.get(BAR, { headers: { "user-agent": userAgent, ...HTML } });
  // From the store: fresh, or stale while it is rendered again when an earlier test stored it over 10 s ago.
  const STORED = /^(HIT|STALE)$/;
  const wifi = await get(wechatUserAgent);
  // Another network, another WeChat build: the same class, so the same stored bytes.
  const mobile = await get(wechatUserAgent.replace("NetType/WIFI", "NetType/4G").replace("8.0.49.2600", "8.0.50.2701"));
  expect(mobile.headers()["x-cache"]).toMatch(STORED);
  expect(mobile.headers()["etag"]).toBe(wifi.headers()["etag"]);
  expect(await mobile.body()).toEqual(await wifi.body());
  // An over-long user agent of a known class reads the same stored page as its class.
  const chrome = await get(ANDROID_CHROME);
  const long = await get(OVER_LONG);
  expect(long.headers()["x-cache"]).toMatch(STORED);
  expect(long.headers()["etag"]).toBe(chrome.headers()["etag"]);
  // Another class is another page: WeChat's is rendered for WeChat.
  expect(chrome.headers()["etag"]).not.toBe(wifi.headers()["etag"]);
});
