import { describe, expect, it } from "vitest";
import {
  intentUrl,
  launchOutcome,
  launchPlan,
  launchQuery,
  schemeUrl,
  wechatShowsLaunchTips,
  type AppLaunchConfig,
  type LaunchEnvironment,
} from "~/lib/app-launch";
import { dejinAppOpen, type AppOpenParams } from "~/lib/app-open";
import { detectDevice } from "~/lib/device";

const UA = {
  iphoneSafari:
    "Mozilla/5.0 (iPhone; CPU iPhone OS 17_2 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.2 Mobile/15E148 Safari/604.1",
  androidChrome: "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Mobile Safari/537.36",
  samsung:
    "Mozilla/5.0 (Linux; Android 14; SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/23.0 Chrome/115.0.0.0 Mobile Safari/537.36",
  miui: "Mozilla/5.0 (Linux; U; Android 13; zh-cn; 22081212C Build/TKQ1.220829.002) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/100.0.4896.127 Mobile Safari/537.36 XiaoMi/MiuiBrowser/17.7.60",
  harmonyNext:
    "Mozilla/5.0 (Phone; OpenHarmony 4.1) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/114.0.0.0 Safari/537.36 ArkWeb/4.1.6.1 Mobile HuaweiBrowser/5.0.4.300",
  harmonyCompat:
    "Mozilla/5.0 (Linux; Android 10; HarmonyOS; NOH-AN00; HMSCore 6.13.0.302) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/99.0.4844.88 HuaweiBrowser/14.0.5.302 Mobile Safari/537.36",
  wechatAndroid:
    "Mozilla/5.0 (Linux; Android 13; V2148A Build/TP1A.220624.014; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/116.0.0.0 Mobile Safari/537.36 XWEB/1160065 MMWEBSDK/20231202 MMWEBID/2247 MicroMessenger/8.0.47.2560(0x28002F30) WeChat/arm64 Weixin NetType/WIFI Language/zh_CN ABI/arm64",
  wechatIOS:
    "Mozilla/5.0 (iPhone; CPU iPhone OS 17_2 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 MicroMessenger/8.0.47(0x18002f2c) NetType/WIFI Language/zh_CN",
  wechatHarmony:
    "Mozilla/5.0 (Phone; OpenHarmony 5.0; HarmonyOS 5.0) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/114.0.0.0 Safari/537.36 ArkWeb/4.1.6.1 Mobile MicroMessenger/8.0.1.40(0x20000128) NetType/WIFI Language/zh_CN",
  miniProgram:
    "Mozilla/5.0 (iPhone; CPU iPhone OS 17_2 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 MicroMessenger/8.0.47(0x18002f2c) NetType/WIFI Language/zh_CN miniProgram/wx1234567890",
  qqAndroid:
    "Mozilla/5.0 (Linux; Android 13; PGT-AN10 Build/HONORPGT-AN10; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/109.0.5414.86 MQQBrowser/6.2 TBS/047205 Mobile Safari/537.36 V1_AND_SQ_8.9.68_4264_YYB_D QQ/8.9.68.11565 NetType/WIFI WebP/0.3.0 AppId/537176863",
  qqBrowser:
    "Mozilla/5.0 (Linux; U; Android 13; zh-cn; PGT-AN10 Build/HONORPGT-AN10) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/109.0.5414.86 MQQBrowser/14.1 Mobile Safari/537.36 COVC/046713",
  weiboIOS:
    "Mozilla/5.0 (iPhone; CPU iPhone OS 17_2 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 Weibo (iPhone14,5__weibo__13.12.3__iphone__os17.2)",
  douyin:
    "Mozilla/5.0 (Linux; Android 13; V2148A; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/110.0.5481.153 Mobile Safari/537.36 aweme_290000 JsSdk/1.0 NetType/WIFI Channel/vivo_1128_64 app_version/29.0.0 ByteLocale/zh-CN",
  ownApp: "Mozilla/5.0 (iPhone; CPU iPhone OS 17_2 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 davmu/3.2.0",
  desktop: "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36",
};

const config: AppLaunchConfig = {
  scheme: "davmu",
  universalLink: "https://link.davmu.example/open",
  androidPackage: "com.davmu.news",
  iosAppStoreId: "1234567890",
  harmonyAppLink: "https://link.davmu.example/harmony/open",
};
const SITE = "https://m.davmu.example";
const DOWNLOAD = "https://www.example.com/davmu/download";
const ARTICLE: AppOpenParams = {
  stype: "docDetailspage",
  post_id: "AbC12345",
  type: "article",
  content_link: `${SITE}/davmu/share/news/doc/AbC12345/index.html`,
  mp: "mp9",
};

const env = (ua: string): LaunchEnvironment => detectDevice(ua);
const plan = (ua: string, params: AppOpenParams | null = ARTICLE, overrides: Partial<AppLaunchConfig> = {}) =>
  launchPlan(env(ua), { ...config, ...overrides }, params, DOWNLOAD, SITE);
const QUERY = `stype=docDetailspage&post_id=AbC12345&type=article&content_link=${encodeURIComponent(ARTICLE.content_link!)}&mp=mp9`;
const FALLBACK = `${DOWNLOAD}?stype=docDetailspage&post_id=AbC12345&type=article&content_link=${encodeURIComponent(ARTICLE.content_link!)}&mp=mp9`;

describe("launchPlan per environment", () => {
  it("iOS Safari opens the universal link; the download address is the fallback", () => {
    expect(plan(UA.iphoneSafari)).toEqual({ kind: "universal-link", url: `https://link.davmu.example/open?${QUERY}`, fallbackUrl: FALLBACK });
  });

  it("iOS uses the scheme where a universal link cannot work: none configured, or one on the site's own host", () => {
    expect(plan(UA.iphoneSafari, ARTICLE, { universalLink: "" })).toEqual({ kind: "scheme", url: `davmu://open?${QUERY}`, fallbackUrl: FALLBACK });
    expect(plan(UA.iphoneSafari, ARTICLE, { universalLink: `${SITE}/open` })).toMatchObject({ kind: "scheme" });
    expect(plan(UA.iphoneSafari, ARTICLE, { universalLink: "http://link.davmu.example/open" })).toMatchObject({ kind: "scheme" });
  });

  it("iOS falls back to the App Store when the platform gives no download address", () => {
    const result = launchPlan(env(UA.iphoneSafari), config, ARTICLE, "", SITE);
    expect(result).toMatchObject({ kind: "universal-link", fallbackUrl: "https://apps.apple.com/app/id1234567890" });
  });

  it("Android Chrome (and Chromium browsers like Samsung Internet) gets an intent with the package and the browser fallback", () => {
    const expected = `intent://open?${QUERY}#Intent;scheme=davmu;package=com.davmu.news;S.browser_fallback_url=${encodeURIComponent(FALLBACK)};end`;
    expect(plan(UA.androidChrome)).toEqual({ kind: "intent", url: expected, fallbackUrl: FALLBACK });
    expect(plan(UA.samsung)).toMatchObject({ kind: "intent" });
  });

  it("tries the item's own app address (app_url) wherever a browser can try one, the download address still the fallback", () => {
    const own = (ua: string, url: string) => launchPlan(env(ua), config, ARTICLE, DOWNLOAD, SITE, url);
    expect(own(UA.androidChrome, "https://link.example/story/1")).toEqual({
      kind: "universal-link",
      url: "https://link.example/story/1",
      fallbackUrl: FALLBACK,
    });
    expect(own(UA.iphoneSafari, "davmu://story/1")).toEqual({ kind: "scheme", url: "davmu://story/1", fallbackUrl: FALLBACK });
    expect(own(UA.wechatAndroid, "davmu://story/1")).toEqual({ kind: "launch-tips" });
  });

  it("other Android browsers, and HarmonyOS 2-4 which says Android, get the scheme", () => {
    expect(plan(UA.miui)).toEqual({ kind: "scheme", url: `davmu://open?${QUERY}`, fallbackUrl: FALLBACK });
    expect(plan(UA.qqBrowser)).toMatchObject({ kind: "scheme" });
    expect(plan(UA.harmonyCompat)).toMatchObject({ kind: "scheme" });
    expect(plan(UA.androidChrome, ARTICLE, { androidPackage: "" })).toMatchObject({ kind: "scheme" });
  });

  it("HarmonyOS NEXT opens its App Linking link, else the scheme", () => {
    expect(plan(UA.harmonyNext)).toEqual({ kind: "app-linking", url: `https://link.davmu.example/harmony/open?${QUERY}`, fallbackUrl: FALLBACK });
    expect(plan(UA.harmonyNext, ARTICLE, { harmonyAppLink: "" })).toMatchObject({ kind: "scheme" });
  });

  it("WeChat shows the launch tips on Android and Harmony; on iOS a tap its open tag did not take goes to the download address", () => {
    expect(plan(UA.wechatAndroid)).toEqual({ kind: "launch-tips" });
    expect(plan(UA.wechatHarmony)).toEqual({ kind: "launch-tips" });
    expect(plan(UA.wechatIOS)).toEqual({ kind: "download", url: FALLBACK });
    expect(launchPlan(env(UA.wechatIOS), config, ARTICLE, "", SITE)).toEqual({ kind: "download", url: "https://apps.apple.com/app/id1234567890" });
    expect([UA.wechatAndroid, UA.wechatHarmony, UA.wechatIOS, UA.qqAndroid].map((ua) => wechatShowsLaunchTips(env(ua)))).toEqual([
      true,
      true,
      false,
      false,
    ]);
  });

  it("QQ, Weibo and other in-app browsers, which block schemes, get the open-in-browser guide", () => {
    expect(plan(UA.qqAndroid)).toEqual({ kind: "guide", browser: "browser" });
    expect(plan(UA.weiboIOS)).toEqual({ kind: "guide", browser: "safari" });
    expect(plan(UA.douyin)).toEqual({ kind: "guide", browser: "browser" });
  });

  it("nothing to launch inside the app itself or a mini program; a desktop browser gets the download address", () => {
    expect(plan(UA.ownApp)).toEqual({ kind: "unavailable" });
    expect(plan(UA.miniProgram)).toEqual({ kind: "unavailable" });
    expect(plan(UA.desktop)).toEqual({ kind: "download", url: FALLBACK });
  });

  it("without parameters the links open the app's start page", () => {
    expect(plan(UA.miui, null)).toEqual({ kind: "scheme", url: "davmu://open", fallbackUrl: DOWNLOAD });
    expect(plan(UA.androidChrome, null)).toMatchObject({
      url: `intent://open#Intent;scheme=davmu;package=com.davmu.news;S.browser_fallback_url=${encodeURIComponent(DOWNLOAD)};end`,
    });
  });
});

describe("launch URL encoding", () => {
  const hostile: AppOpenParams = { stype: "dejinTopic", topic_name: "城市 随手拍&stype=x#Intent;package=evil;end" };

  it("percent-encodes every value, so no '&', '#' or ';' reaches the URL's structure", () => {
    const query = launchQuery(hostile);
    expect(query).toBe(`stype=dejinTopic&topic_name=${encodeURIComponent(hostile.topic_name!)}`);
    expect(query).not.toMatch(/[#; ]/);
    expect(query.split("&")).toHaveLength(2);
    expect(new URLSearchParams(query).get("topic_name")).toBe(hostile.topic_name);
  });

  it("keeps a hostile value inside the intent's data: one Intent section, with only its own fields", () => {
    const url = intentUrl(config, hostile, `${DOWNLOAD}?a=1&b=2#x;y`);
    expect(url.split("#")).toHaveLength(2);
    const [data, intent] = url.split("#");
    expect(new URL(data.replace(/^intent:/, "https:")).searchParams.get("topic_name")).toBe(hostile.topic_name);
    const fields = intent.split(";");
    expect(fields).toEqual([
      "Intent",
      "scheme=davmu",
      "package=com.davmu.news",
      `S.browser_fallback_url=${encodeURIComponent(`${DOWNLOAD}?a=1&b=2#x;y`)}`,
      "end",
    ]);
  });

  it("keeps a hostile value inside the scheme URL's query, and the dejin kinds keyed as the spec says", () => {
    const url = new URL(schemeUrl("davmu", hostile));
    expect(url.protocol).toBe("davmu:");
    expect(url.hash).toBe("");
    expect([...url.searchParams.keys()]).toEqual(["stype", "topic_name"]);
    expect(schemeUrl("davmu", dejinAppOpen.personal("u 1"))).toBe("davmu://open?stype=dejinPersonal&user_id=u%201");
  });

  it("adds to a configured link's own query", () => {
    const result = plan(UA.iphoneSafari, dejinAppOpen.detail("p1"), { universalLink: "https://link.davmu.example/open?from=h5" });
    expect(result).toMatchObject({ url: "https://link.davmu.example/open?from=h5&stype=dejinDetail&post_id=p1" });
  });
});

describe("launchOutcome", () => {
  const visible = { hidden: false, focused: true };

  it("counts a page that hides as opened", () => {
    for (const kind of ["universal-link", "app-linking", "intent", "scheme"] as const) {
      expect(launchOutcome(kind, "hidden", { hidden: true, focused: false })).toBe("opened");
    }
  });

  it("counts a page navigated to a fallback page as fell back, except for a scheme in old webviews", () => {
    expect(launchOutcome("intent", "pagehide", visible)).toBe("fell_back");
    expect(launchOutcome("universal-link", "pagehide", visible)).toBe("fell_back");
    expect(launchOutcome("app-linking", "pagehide", { hidden: true, focused: false })).toBe("fell_back");
    expect(launchOutcome("scheme", "pagehide", visible)).toBe("opened");
  });

  it("when the time is up, a visible page with the focus fell back and a hidden one opened", () => {
    expect(launchOutcome("scheme", "timeout", visible)).toBe("fell_back");
    expect(launchOutcome("scheme", "timeout", { hidden: true, focused: false })).toBe("opened");
  });

  it("waits while a system prompt holds the focus, and decides when the focus comes back", () => {
    expect(launchOutcome("scheme", "timeout", { hidden: false, focused: false })).toBeNull();
    expect(launchOutcome("scheme", "focus", visible)).toBe("fell_back");
    expect(launchOutcome("intent", "hidden", { hidden: true, focused: false })).toBe("opened");
  });
});
