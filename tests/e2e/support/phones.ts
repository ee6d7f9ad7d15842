/**
 * The phone profiles the e2e projects emulate (playwright.config.ts), as facts a test can ask about instead of a
 * project's name: whether scripts run, the system, and WeChat's built-in browser or a mini program's web-view.
 */
export type Phone = {
  /** The profile's own name: it picks the profile's scratch articles and labels what a test writes. */
  profile: "iphone" | "android" | "wechat-android" | "no-js" | "wechat-ios" | "mini-program" | "harmony-next";
  /** JavaScript runs in the page. */
  js: boolean;
  os: "ios" | "android" | "harmony";
  /** WeChat's built-in browser: its user agent says MicroMessenger. */
  wechat: boolean;
  /** A mini program's web-view inside WeChat: its user agent says miniProgram. */
  miniProgram: boolean;
};

export const PHONES = {
  iphone: { profile: "iphone", js: true, os: "ios", wechat: false, miniProgram: false },
  android: { profile: "android", js: true, os: "android", wechat: false, miniProgram: false },
  "wechat-android": { profile: "wechat-android", js: true, os: "android", wechat: true, miniProgram: false },
  "no-js": { profile: "no-js", js: false, os: "android", wechat: false, miniProgram: false },
  "wechat-ios": { profile: "wechat-ios", js: true, os: "ios", wechat: true, miniProgram: false },
  "mini-program": { profile: "mini-program", js: true, os: "ios", wechat: true, miniProgram: true },
  "harmony-next": { profile: "harmony-next", js: true, os: "harmony", wechat: false, miniProgram: false },
} as const satisfies Record<Phone["profile"], Phone>;

/**
 * Android's own browser, with JavaScript on (android) and off (no-js): where checks that behave alike on every
 * phone but differ with JavaScript run.
 */
export const isAndroidBrowser = (phone: Phone): boolean => phone.os === "android" && !phone.wechat;
