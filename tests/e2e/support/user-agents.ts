/** Android WeChat's built-in browser (XWEB), as it reports itself on a Pixel 7 over Wi-Fi. */
export const wechatUserAgent =
  "Mozilla/5.0 (Linux; Android 14; Pixel 7 Build/UQ1A.240205.004; wv) AppleWebKit/537.36 (KHTML, like Gecko) " +
  "Version/4.0 Chrome/122.0.6261.120 Mobile Safari/537.36 XWEB/1220099 MMWEBSDK/20240404 MMWEBID/6170 " +
  "MicroMessenger/8.0.49.2600(0x28003133) WeChat/arm64 Weixin NetType/WIFI Language/zh_CN ABI/arm64";

/** Desktop Chrome on Windows: the host sends it to the /pc wrapper. */
export const desktopUserAgent = "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";

/** Safari on a Mac, and on an iPad since iPadOS 13, which asks for the desktop site with the very same user agent. */
export const macintoshSafariUserAgent =
  "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15";

/** Safari on an iPhone 13 (the WebKit project's browser). */
export const iphoneSafariUserAgent =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1";

/** iOS WeChat's built-in browser (WKWebView) on an iPhone 13. */
export const wechatIOSUserAgent =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 " +
  "MicroMessenger/8.0.49(0x18003137) NetType/WIFI Language/zh_CN";

/** HarmonyOS NEXT's own browser (ArkWeb): no 'Android' anywhere in it. */
export const harmonyNextUserAgent =
  "Mozilla/5.0 (Phone; OpenHarmony 5.0) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/114.0.0.0 Safari/537.36 " +
  "ArkWeb/4.1.6.1 Mobile HuaweiBrowser/5.0.4.300";

/** A WeChat mini program's web-view on an iPhone: iOS WeChat's user agent with the miniProgram token. */
export const miniProgramUserAgent = `${wechatIOSUserAgent} miniProgram/wxa1b2c3d4e5f60718`;

/** A mini program's web-view on Android: Android WeChat's user agent with the miniProgram token. */
export const miniProgramAndroidUserAgent = `${wechatUserAgent} miniProgram/wxa1b2c3d4e5f60718`;

/** WeChat on HarmonyOS NEXT: ArkWeb with WeChat's token, and neither 'Android' nor 'iPhone'. */
export const harmonyWeChatUserAgent =
  "Mozilla/5.0 (Phone; OpenHarmony 5.0) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/114.0.0.0 Safari/537.36 " +
  "ArkWeb/4.1.6.1 Mobile MicroMessenger/8.0.1.47(0x28000133) NetType/WIFI Language/zh_CN";
