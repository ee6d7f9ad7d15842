// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { RootData } from "~/hooks/use-root-data";
import { pageDevice } from "~/lib/device";
import { languageChoice } from "~/lib/languages";
import { fakeBeacons, recordListeners, removeRecordedListeners, setVisibility } from "./dom.test-support";

/**
 * One tap on "open the app" in a real DOM: the link it follows, how the attempt is decided from what the page does
 * next (hidden, still visible, lost the focus, unloaded), the fallback to the download address, and the funnel
 * statistics and push event each attempt emits. Both modules keep per-page-load state, so each test imports fresh.
 */

const ARTICLE = "/davmu/share/news/doc/2026/11/Ab12Cd34/index.html";
// jsdom only carries out navigations within the document: a fallback to a '#' address of this page shows up in
// location.href, where any other address would only log "not implemented".
const FALLBACK = `${window.location.origin}${ARTICLE}#download`;
const ANDROID_UA = "Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Mobile Safari/537.36";
const IPHONE_UA =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_2 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.2 Mobile/15E148 Safari/604.1";
const DESKTOP_UA = "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36";
const WECHAT_IOS_UA = `${IPHONE_UA.replace(" Version/17.2", "").replace(" Safari/604.1", "")} MicroMessenger/8.0.47(0x18002f2c) NetType/WIFI Language/zh_CN`;
const WECHAT_UA = `${ANDROID_UA} MicroMessenger/8.0.47.2560(0x28002F35) WeChat/arm64 Weixin NetType/WIFI Language/zh_CN`;

let followed: string[];
let pushes: string[];
let toasts: unknown[];
let funnel: string[];
let focused: boolean;

async function freshLauncher() {
  vi.resetModules();
  return import("./app-launcher");
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "Date"] });
  window.history.replaceState(null, "", ARTICLE);
  followed = [];
  pushes = [];
  toasts = [];
  funnel = [];
  focused = true;
  recordListeners();
  vi.spyOn(document, "hasFocus").mockImplementation(() => focused);
  fakeBeacons((_url, events) => {
    funnel.push(...events.map((event) => String(event.behavior)));
    return true;
  });
  // The launch is a tap on a link; the test sees where it goes, and stops jsdom from trying to go there.
  document.addEventListener("click", (event) => {
    const link = (event.target as Element).closest("a");
    if (!link) return;
    followed.push(link.href);
    event.preventDefault();
  });
  window.addEventListener("share:push", (event) => pushes.push((event as CustomEvent<string>).detail));
  window.addEventListener("share:toast", (event) => toasts.push((event as CustomEvent).detail));
  setVisibility("visible");
});

afterEach(() => {
  removeRecordedListeners();
  vi.restoreAllMocks();
  vi.useRealTimers();
});

describe("launchApp", () => {
  const attempt = { kind: "scheme" as const, url: "davmu://open?stype=docDetailspage&post_id=Ab12Cd34", fallbackUrl: FALLBACK };

  it("follows the launch link, and a page hidden before the time is up counts as opened, with no fallback", async () => {
    const { launchApp } = await freshLauncher();
    expect(launchApp(attempt)).toBe(true);
    expect(followed).toEqual([attempt.url]);
    expect(document.querySelectorAll("a")).toHaveLength(0);
    vi.advanceTimersByTime(1000);
    setVisibility("hidden");
    expect(funnel).toEqual(["attempt", "opened"]);
    vi.advanceTimersByTime(5000);
    expect(window.location.href).not.toContain("#download");
  });

  it("a page still visible and focused 2.5 s later means the app is missing: it goes to the download address", async () => {
    const { launchApp } = await freshLauncher();
    launchApp(attempt);
    vi.advanceTimersByTime(2499);
    expect(funnel).not.toContain("fell_back");
    expect(window.location.href).not.toContain("#download");
    vi.advanceTimersByTime(1);
    expect(funnel).toEqual(["attempt", "fell_back"]);
    expect(window.location.href).toBe(FALLBACK);
  });

  it("a page that lost the focus (a system prompt) waits for the visitor: the focus back decides fell_back, a hide opened", async () => {
    const { launchApp } = await freshLauncher();
    launchApp(attempt);
    focused = false;
    window.dispatchEvent(new Event("blur"));
    vi.advanceTimersByTime(10_000);
    expect(funnel).toEqual(["attempt"]);
    focused = true;
    window.dispatchEvent(new Event("focus"));
    expect(funnel).toEqual(["attempt", "fell_back"]);
    expect(window.location.href).toBe(FALLBACK);

    window.history.replaceState(null, "", ARTICLE);
    launchApp(attempt);
    focused = false;
    vi.advanceTimersByTime(3000);
    setVisibility("hidden");
    expect(funnel).toEqual(["attempt", "fell_back", "attempt", "opened"]);
    expect(window.location.href).not.toContain("#download");
  });

  it("focus coming back before the time is up decides nothing", async () => {
    const { launchApp } = await freshLauncher();
    launchApp(attempt);
    window.dispatchEvent(new Event("focus"));
    vi.advanceTimersByTime(2499);
    expect(funnel).toEqual(["attempt"]);
    vi.advanceTimersByTime(1);
    expect(funnel).toEqual(["attempt", "fell_back"]);
  });

  it("an unloaded page was opened by a scheme, but left for a fallback page by a universal link; neither is sent on", async () => {
    const { launchApp } = await freshLauncher();
    launchApp(attempt);
    window.dispatchEvent(new Event("pagehide"));
    launchApp({ ...attempt, kind: "universal-link", url: "https://link.davmu.example/open?stype=docDetailspage" });
    window.dispatchEvent(new Event("pagehide"));
    expect(funnel).toEqual(["attempt", "opened", "attempt", "fell_back"]);
    expect(window.location.href).not.toContain("#download");
  });

  it("a second tap while an attempt runs launches nothing; once decided, the next tap launches again", async () => {
    const { launchApp } = await freshLauncher();
    expect(launchApp(attempt)).toBe(true);
    expect(launchApp(attempt)).toBe(false);
    expect(followed).toHaveLength(1);
    setVisibility("hidden");
    setVisibility("visible");
    expect(launchApp(attempt)).toBe(true);
    expect(followed).toHaveLength(2);
  });

  it("removes its listeners and timer once decided: later events change nothing", async () => {
    const { launchApp } = await freshLauncher();
    launchApp(attempt);
    setVisibility("hidden");
    setVisibility("visible");
    vi.advanceTimersByTime(5000);
    window.dispatchEvent(new Event("focus"));
    window.dispatchEvent(new Event("pagehide"));
    expect(funnel).toEqual(["attempt", "opened"]);
    expect(vi.getTimerCount()).toBe(0);
  });
});

describe("openApp", () => {
  const appLaunch = {
    scheme: "davmu",
    universalLink: "https://link.davmu.example/open",
    androidPackage: "com.davmu.app",
    iosAppStoreId: "123456789",
    harmonyAppLink: "",
  };
  const params = { stype: "docDetailspage", post_id: "Ab12Cd34", type: "article" };

  function root(userAgent: string, downloadUrl = FALLBACK): Pick<RootData, "device" | "appLaunch" | "site"> {
    const site = {
      name: "大目新闻",
      description: "",
      logo: "",
      downloadUrl,
      themeColor: "#FF4A26",
      themeTextColor: "#FFFFFF",
      themeDarkTextColor: "#FFFFFF",
      navigation: [],
      languageChoice: languageChoice("zh-Hans"),
    };
    return { device: pageDevice(userAgent), appLaunch, site };
  }

  it("Android Chrome follows an intent link that carries the download address as Chrome's own fallback", async () => {
    const { openApp } = await freshLauncher();
    openApp(root(ANDROID_UA), params, () => {});
    expect(followed).toHaveLength(1);
    expect(followed[0]).toMatch(
      /^intent:\/\/open\?stype=docDetailspage&post_id=Ab12Cd34&type=article#Intent;scheme=davmu;package=com\.davmu\.app;S\.browser_fallback_url=/,
    );
    expect(decodeURIComponent(followed[0].split("S.browser_fallback_url=")[1].split(";")[0])).toContain(FALLBACK.split("#")[0]);
  });

  it("iPhone Safari follows the universal link", async () => {
    const { openApp } = await freshLauncher();
    openApp(root(IPHONE_UA), params, () => {});
    expect(followed).toEqual(["https://link.davmu.example/open?stype=docDetailspage&post_id=Ab12Cd34&type=article"]);
  });

  it("WeChat on Android shows the launch tips and emits no push; iOS WeChat, like every other press, emits openApp", async () => {
    const { openApp } = await freshLauncher();
    const guides: string[] = [];
    openApp(root(WECHAT_UA), params, (browser) => guides.push(browser));
    expect(guides).toEqual(["browser"]);
    expect(followed).toEqual([]);
    expect(pushes).toEqual([]);

    // iOS WeChat blocks links to apps: a tap its open tag did not take goes to the download address.
    openApp(root(WECHAT_IOS_UA), null, (browser) => guides.push(browser));
    expect(guides).toEqual(["browser"]);
    expect(window.location.href).toBe(FALLBACK);
    expect(pushes).toEqual(["openApp"]);
    openApp(root(IPHONE_UA), params, () => {});
    expect(pushes).toEqual(["openApp", "openApp"]);
  });

  it("a desktop goes to the download address, or says it has none", async () => {
    const { openApp } = await freshLauncher();
    openApp(root(DESKTOP_UA, ""), params, () => {});
    expect(toasts).toEqual([{ text: "暂时无法下载APP，请稍后再试", kind: "error" }]);
    // Without parameters the address is followed as it is (with them, jsdom could not follow a changed query).
    openApp(root(DESKTOP_UA), null, () => {});
    expect(window.location.href).toBe(FALLBACK);
  });
});
