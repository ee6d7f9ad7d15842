import { describe, expect, it } from "vitest";
import { detectDevice, deviceClassLabel, shouldRedirectToPc } from "./device";

const UA = {
  wechatAndroid:
    "Mozilla/5.0 (Linux; Android 13; V2148A Build/TP1A.220624.014; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/116.0.0.0 Mobile Safari/537.36 XWEB/1160065 MMWEBSDK/20231202 MMWEBID/2247 MicroMessenger/8.0.47.2560(0x28002F30) WeChat/arm64 Weixin NetType/WIFI Language/zh_CN ABI/arm64",
  wechatIOS:
    "Mozilla/5.0 (iPhone; CPU iPhone OS 17_2 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 MicroMessenger/8.0.47(0x18002f2c) NetType/WIFI Language/zh_CN",
  miniProgram:
    "Mozilla/5.0 (iPhone; CPU iPhone OS 17_2 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 MicroMessenger/8.0.47(0x18002f2c) NetType/WIFI Language/zh_CN miniProgram/wx1234567890",
  pcWeChatMiniProgram:
    "Mozilla/5.0 (Windows NT 10.0; WOW64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/81.0.4044.138 Safari/537.36 NetType/WIFI MicroMessenger/7.0.20.1781(0x6700143B) WindowsWechat(0x63090a13) XWEB/9129 Flue miniProgram",
  harmonyNext:
    "Mozilla/5.0 (Phone; OpenHarmony 4.1) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/114.0.0.0 Safari/537.36 ArkWeb/4.1.6.1 Mobile HuaweiBrowser/5.0.4.300",
  harmonyCompat:
    "Mozilla/5.0 (Linux; Android 10; HarmonyOS; NOH-AN00; HMSCore 6.13.0.302) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/99.0.4844.88 HuaweiBrowser/14.0.5.302 Mobile Safari/537.36",
  chromeWindows: "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36",
  safariMac: "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.2 Safari/605.1.15",
  ipad: "Mozilla/5.0 (iPad; CPU OS 16_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/16.6 Mobile/15E148 Safari/604.1",
  androidChrome: "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Mobile Safari/537.36",
  sogouMobile:
    "Mozilla/5.0 (Linux; Android 10; V1990A) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/80.0.3987.119 Mobile Safari/537.36 SogouMSE,SogouMobileBrowser/5.29.6",
  ownAppIOS: "Mozilla/5.0 (iPhone; CPU iPhone OS 17_2 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 davmu/3.2.0",
  ownAppDesktop: "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36 davmu/3.2.0",
};

const BOTS = [
  "WhatsApp/2.23.20.0",
  "TelegramBot (like TwitterBot)",
  "Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)",
  "facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)",
  "Twitterbot/1.0",
  "Mozilla/5.0 (compatible; Discordbot/2.0; +https://discordapp.com)",
  "LinkedInBot/1.0 (compatible; Mozilla/5.0; Apache-HttpClient +http://www.linkedin.com)",
  "Mozilla/5.0 (Windows NT 6.1; WOW64) SkypeUriPreview Preview/0.5 skype-url-preview@microsoft.com",
  "Mozilla/5.0 (compatible; Weixin Spider)",
  "Mozilla/5.0 (Linux; Android 5.0) AppleWebKit/537.36 (KHTML, like Gecko) Mobile Safari/537.36 (compatible; Bytespider; spider-feedback@bytedance.com)",
  "Mozilla/5.0 (compatible; Baiduspider/2.0; +http://www.baidu.com/search/spider.html)",
  "Sogou web spider/4.0(+http://www.sogou.com/docs/help/webmasters.htm#07)",
  "Mozilla/5.0 (Windows NT 6.1; WOW64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/50.0.2661.102 Safari/537.36; 360Spider",
  "Mozilla/5.0 (Windows NT 6.1; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/69.0.3497.81 YisouSpider/5.0 Safari/537.36",
  "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)",
];

describe("detectDevice", () => {
  it("recognises WeChat on Android without calling it a bot", () => {
    expect(detectDevice(UA.wechatAndroid)).toEqual({
      isWeChat: true,
      isAndroid: true,
      isIOS: false,
      isHarmony: false,
      isMobile: true,
      isMiniProgram: false,
      isOwnApp: false,
      isBot: false,
      isDesktop: false,
      isMacintosh: false,
      isAndroidChrome: false,
      inAppBrowser: "wechat",
    });
  });

  it("tells Chrome on Android from webviews and stock browsers, which ignore intent links", () => {
    expect(detectDevice(UA.androidChrome)).toMatchObject({ isAndroidChrome: true, inAppBrowser: null });
    for (const ua of [UA.wechatAndroid, UA.sogouMobile, UA.harmonyCompat, UA.harmonyNext, UA.wechatIOS]) {
      expect(detectDevice(ua).isAndroidChrome).toBe(false);
    }
  });

  it("names the in-app browsers that block app schemes, and not the stand-alone browsers", () => {
    const qq =
      "Mozilla/5.0 (Linux; Android 13; PGT-AN10; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/109.0.5414.86 MQQBrowser/6.2 TBS/047205 Mobile Safari/537.36 V1_AND_SQ_8.9.68_4264_YYB_D QQ/8.9.68.11565 NetType/WIFI";
    const qqBrowser =
      "Mozilla/5.0 (Linux; U; Android 13; zh-cn; PGT-AN10) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/109.0.5414.86 MQQBrowser/14.1 Mobile Safari/537.36";
    const weibo =
      "Mozilla/5.0 (iPhone; CPU iPhone OS 17_2 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 Weibo (iPhone14,5__weibo__13.12.3__iphone__os17.2)";
    const dingtalk =
      "Mozilla/5.0 (iPhone; CPU iPhone OS 17_2 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 AliApp(DingTalk/7.5.10) com.laiwang.DingTalk/31023711 Channel/201200 language/zh-Hans-CN";
    expect(detectDevice(UA.wechatIOS).inAppBrowser).toBe("wechat");
    expect(detectDevice(qq).inAppBrowser).toBe("qq");
    expect(detectDevice(qqBrowser).inAppBrowser).toBeNull();
    expect(detectDevice(weibo).inAppBrowser).toBe("weibo");
    expect(detectDevice(dingtalk).inAppBrowser).toBe("other");
    expect(detectDevice(UA.sogouMobile).inAppBrowser).toBeNull();
  });

  it("recognises WeChat on iOS and the mini-program webview", () => {
    expect(detectDevice(UA.wechatIOS)).toMatchObject({ isWeChat: true, isIOS: true, isMiniProgram: false, isBot: false });
    expect(detectDevice(UA.miniProgram)).toMatchObject({ isWeChat: true, isIOS: true, isMiniProgram: true, isBot: false });
  });

  it("recognises HarmonyOS NEXT (no Android token) as Harmony and mobile", () => {
    expect(detectDevice(UA.harmonyNext)).toMatchObject({ isHarmony: true, isAndroid: false, isMobile: true, isDesktop: false });
  });

  it("treats Android-compatible HarmonyOS as both Harmony and Android", () => {
    expect(detectDevice(UA.harmonyCompat)).toMatchObject({ isHarmony: true, isAndroid: true, isMobile: true });
  });

  it("recognises desktop browsers", () => {
    for (const ua of [UA.chromeWindows, UA.safariMac]) {
      expect(detectDevice(ua)).toMatchObject({ isMobile: false, isDesktop: true, isBot: false, isWeChat: false });
    }
  });

  it("treats tablets as mobile", () => {
    expect(detectDevice(UA.ipad)).toMatchObject({ isIOS: true, isMobile: true, isDesktop: false });
  });

  it("recognises our own client by its 'davmu' token", () => {
    expect(detectDevice(UA.ownAppIOS)).toMatchObject({ isOwnApp: true, isMobile: true });
    expect(detectDevice(UA.androidChrome).isOwnApp).toBe(false);
  });

  it.each(BOTS)("flags %s as a bot", (ua) => {
    expect(detectDevice(ua).isBot).toBe(true);
  });

  it("does not flag real browsers, Sogou's mobile browser included, as bots", () => {
    for (const ua of [UA.wechatAndroid, UA.wechatIOS, UA.androidChrome, UA.chromeWindows, UA.sogouMobile, UA.harmonyNext]) {
      expect(detectDevice(ua).isBot).toBe(false);
    }
  });

  it("treats an empty user agent as a desktop non-bot", () => {
    expect(detectDevice("")).toMatchObject({ isMobile: false, isDesktop: true, isBot: false });
  });
});

describe("shouldRedirectToPc", () => {
  it("redirects desktop browsers", () => {
    expect(shouldRedirectToPc(UA.chromeWindows)).toBe(true);
  });

  it("leaves a Macintosh user agent, which an iPad sends too, to the page's own check", () => {
    expect(detectDevice(UA.safariMac)).toMatchObject({ isDesktop: true, isMacintosh: true, isMobile: false });
    expect(shouldRedirectToPc(UA.safariMac)).toBe(false);
    expect(detectDevice(UA.chromeWindows).isMacintosh).toBe(false);
    expect(detectDevice(UA.ipad).isMacintosh).toBe(false);
  });

  it("keeps phones, tablets and Harmony on the mobile page", () => {
    for (const ua of [UA.wechatAndroid, UA.wechatIOS, UA.androidChrome, UA.ipad, UA.harmonyNext, UA.harmonyCompat]) {
      expect(shouldRedirectToPc(ua)).toBe(false);
    }
  });

  it("never redirects bots, our own client or a mini-program webview", () => {
    expect(shouldRedirectToPc("Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)")).toBe(false);
    expect(shouldRedirectToPc(UA.ownAppDesktop)).toBe(false);
    expect(shouldRedirectToPc(UA.pcWeChatMiniProgram)).toBe(false);
  });
});

describe("missing user agent header", () => {
  it("is read as an empty user agent", () => {
    expect(detectDevice(null)).toEqual(detectDevice(""));
    expect(shouldRedirectToPc(undefined)).toBe(shouldRedirectToPc(""));
  });
});

describe("deviceClassLabel", () => {
  it.each([
    [UA.wechatAndroid, "wechat-android"],
    [UA.wechatIOS, "wechat-ios"],
    [UA.miniProgram, "mini-program"],
    [UA.ipad, "ios-safari"],
    [UA.androidChrome, "android-browser"],
    [UA.harmonyNext, "harmonyos"],
    [UA.harmonyCompat, "harmonyos"],
    [UA.chromeWindows, "desktop"],
    ["Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)", "other"],
  ])("%s → %s", (userAgent, label) => {
    expect(deviceClassLabel(detectDevice(userAgent))).toBe(label);
  });
});
