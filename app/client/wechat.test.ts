// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { recordListeners, removeRecordedListeners } from "./dom.test-support";

/**
 * The WeChat side of a page (spec section 4's share setup) in a real DOM, against a fake `wx` that verifies or
 * refuses a configuration the way the SDK reports it (error, then ready). The modules keep per-page-load state
 * (the entry URL, the running configuration), so each test imports fresh copies.
 */

type Handler = (result?: unknown) => void;

const wx = vi.hoisted(() => {
  const fake = {
    refuse: false,
    miniProgramEnv: false,
    configs: [] as Array<Record<string, unknown>>,
    friend: [] as Array<Record<string, unknown>>,
    timeline: [] as Array<Record<string, unknown>>,
    posted: [] as unknown[],
    navigated: [] as unknown[],
    readyHandlers: [] as Handler[],
    errorHandlers: [] as Handler[],
    config(options: Record<string, unknown>) {
      fake.configs.push(options);
      // The SDK answers asynchronously: a refusal calls error, and then ready as well.
      void Promise.resolve().then(() => {
        if (fake.refuse) for (const handler of fake.errorHandlers) handler({ errMsg: "config:invalid signature" });
        for (const handler of fake.readyHandlers) handler();
      });
    },
    ready: (handler: Handler) => void fake.readyHandlers.push(handler),
    error: (handler: Handler) => void fake.errorHandlers.push(handler),
    updateAppMessageShareData: (data: Record<string, unknown>) => void fake.friend.push(data),
    updateTimelineShareData: (data: Record<string, unknown>) => void fake.timeline.push(data),
    miniProgram: {
      getEnv: (callback: (env: { miniprogram: boolean }) => void) => callback({ miniprogram: fake.miniProgramEnv }),
      postMessage: (message: unknown) => void fake.posted.push(message),
      navigateTo: (options: unknown) => void fake.navigated.push(options),
    },
  };
  return fake;
});

vi.mock("weixin-js-sdk", () => ({ default: wx }));

const ORIGIN = window.location.origin;
const ARTICLE = "/davmu/share/news/doc/2026/11/Ab12Cd34/index.html";
const NEXT_ARTICLE = "/davmu/share/news/doc/2026/11/Zz98Yy76/index.html";
const ANDROID_WECHAT =
  "Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Mobile Safari/537.36 MicroMessenger/8.0.47.2560(0x28002F35) WeChat/arm64 Weixin NetType/WIFI Language/zh_CN";
const IOS_WECHAT =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_2 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 MicroMessenger/8.0.47(0x18002f2c) NetType/WIFI Language/zh_CN";
const SITE = { name: "大目新闻", description: "打开APP看更多", logo: "/davmu/share/_platform/media/logo.png", bundledLogo: "/davmu/share/logo.png" };
const SIGNATURE = { appId: "wx1234567890abcdef", timestamp: 1764057600, nonceStr: "n0nce", signature: "5f1e", openTagAppId: "wxfedcba0987654321" };

let signed: string[];
/** What the root passes to load the mini-program chrome's chunk. */
let loadChrome: ReturnType<typeof vi.fn<() => Promise<void>>>;
let answerSignature: (url: string) => Promise<Response>;

function setUserAgent(userAgent: string) {
  Object.defineProperty(navigator, "userAgent", { configurable: true, get: () => userAgent });
}

/** The page's head as the route renders it: what a share card is made from. */
function setHead(title: string, link: string) {
  document.head.innerHTML = `
    <meta property="og:title" content="${title}">
    <meta property="og:description" content="正文摘要">
    <meta property="og:image" content="/davmu/share/_platform/media/cover-01.jpg">
    <link rel="canonical" href="${ORIGIN}${link}">`;
}

async function freshWeChat() {
  vi.resetModules();
  const module = await import("./wechat");
  const state = await import("./wechat-state");
  return { ...module, state };
}

/** Runs a configuration to its end, past the mini-program detection it waits for. */
async function settle(configuration: Promise<void>): Promise<void> {
  await vi.advanceTimersByTimeAsync(500);
  await configuration;
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
  recordListeners();
  Object.assign(wx, {
    refuse: false,
    miniProgramEnv: false,
    configs: [],
    friend: [],
    timeline: [],
    posted: [],
    navigated: [],
    readyHandlers: [],
    errorHandlers: [],
  });
  signed = [];
  loadChrome = vi.fn(() => Promise.resolve());
  answerSignature = async () => Response.json(SIGNATURE);
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string) => {
      const asked = new URL(url, ORIGIN);
      expect(asked.pathname).toBe("/davmu/share/api/wechat/config");
      signed.push(asked.searchParams.get("url") ?? "");
      return answerSignature(url);
    }),
  );
  setUserAgent(ANDROID_WECHAT);
  window.history.replaceState(null, "", `${ARTICLE}?from=singlemessage&isappinstalled=0#comments`);
  setHead("江北新区规划方案", ARTICLE);
});

afterEach(() => {
  removeRecordedListeners();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe("configurePage", () => {
  it("signs the current address without its hash, configures wx with debug off and the spec's API list, then sets both share cards", async () => {
    const { configurePage, state } = await freshWeChat();
    await settle(configurePage(SITE, loadChrome));

    expect(signed).toEqual([`${ORIGIN}${ARTICLE}?from=singlemessage&isappinstalled=0`]);
    expect(wx.configs).toEqual([
      {
        debug: false,
        appId: SIGNATURE.appId,
        timestamp: SIGNATURE.timestamp,
        nonceStr: SIGNATURE.nonceStr,
        signature: SIGNATURE.signature,
        jsApiList: ["updateAppMessageShareData", "updateTimelineShareData", "chooseImage"],
        openTagList: ["wx-open-launch-app", "wx-open-launch-weapp"],
      },
    ]);
    const card = { title: "江北新区规划方案", link: `${ORIGIN}${ARTICLE}`, imgUrl: `${ORIGIN}/davmu/share/_platform/media/cover-01.jpg` };
    expect(wx.friend).toEqual([expect.objectContaining({ ...card, desc: "正文摘要" })]);
    expect(wx.timeline).toEqual([expect.objectContaining(card)]);
    expect(state.getWeChatState()).toMatchObject({ openTags: true, openTagAppId: SIGNATURE.openTagAppId });
  });

  it("a page that says nothing of itself shares the site's name, description and logo", async () => {
    document.head.innerHTML = "";
    const { configurePage } = await freshWeChat();
    await settle(configurePage(SITE, loadChrome));
    expect(wx.friend).toEqual([
      expect.objectContaining({ title: SITE.name, desc: SITE.description, link: `${ORIGIN}${ARTICLE}`, imgUrl: `${ORIGIN}${SITE.logo}` }),
    ]);
  });

  it("on iOS signs the address the visitor came in on, even after a client-side navigation", async () => {
    setUserAgent(IOS_WECHAT);
    const { configurePage } = await freshWeChat();
    window.history.pushState(null, "", NEXT_ARTICLE);
    setHead("下一篇", NEXT_ARTICLE);
    await settle(configurePage(SITE, loadChrome));
    expect(signed).toEqual([`${ORIGIN}${ARTICLE}?from=singlemessage&isappinstalled=0`]);
    expect(wx.friend).toEqual([expect.objectContaining({ title: "下一篇", link: `${ORIGIN}${NEXT_ARTICLE}` })]);
  });

  it("a refused configuration shares nothing and leaves the open tags off; the failure is only logged", async () => {
    wx.refuse = true;
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const { configurePage, state } = await freshWeChat();
    await settle(configurePage(SITE, loadChrome));
    expect(wx.configs).toHaveLength(1);
    expect(wx.friend).toEqual([]);
    expect(wx.timeline).toEqual([]);
    expect(state.getWeChatState().openTags).toBe(false);
    expect(warn).toHaveBeenCalledWith(
      "WeChat share setup failed",
      expect.objectContaining({ message: "wx.config refused: config:invalid signature" }),
    );
  });

  it("a failed signature request configures nothing", async () => {
    answerSignature = async () => Response.json({ status: 503, message: "微信签名服务暂不可用" }, { status: 503 });
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const { configurePage } = await freshWeChat();
    await settle(configurePage(SITE, loadChrome));
    expect(wx.configs).toEqual([]);
    expect(warn).toHaveBeenCalledWith("WeChat share setup failed", expect.objectContaining({ message: "signature answered 503" }));
  });

  it("a page left before its signature came is superseded: only the page on screen gets its card", async () => {
    const pending: Array<() => void> = [];
    answerSignature = () => new Promise((resolve) => pending.push(() => resolve(Response.json(SIGNATURE))));
    const { configurePage } = await freshWeChat();
    const first = configurePage(SITE, loadChrome);
    window.history.pushState(null, "", NEXT_ARTICLE);
    setHead("下一篇", NEXT_ARTICLE);
    const second = configurePage(SITE, loadChrome);
    pending[1]();
    await settle(second);
    pending[0]();
    await settle(first);
    expect(wx.configs).toHaveLength(1);
    expect(wx.friend).toEqual([expect.objectContaining({ title: "下一篇" })]);
  });

  it("inside a mini program, decided 500 ms after start, the card goes to the mini program too", async () => {
    wx.miniProgramEnv = true;
    const { configurePage, state } = await freshWeChat();
    const done = configurePage(SITE, loadChrome);
    await vi.advanceTimersByTimeAsync(499);
    expect(state.getWeChatState().miniProgram).toBeNull();
    expect(wx.posted).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    await done;
    expect(loadChrome).toHaveBeenCalledTimes(1);
    expect(state.getWeChatState().miniProgram).toBe(true);
    expect(wx.posted).toEqual([
      {
        data: {
          type: "share",
          title: "江北新区规划方案",
          desc: "正文摘要",
          link: `${ORIGIN}${ARTICLE}`,
          imageUrl: `${ORIGIN}/davmu/share/_platform/media/cover-01.jpg`,
        },
      },
    ]);
  });

  it("the mode turns on only once the mini-program chrome's chunk is in", async () => {
    wx.miniProgramEnv = true;
    let chromeLoaded = () => {};
    loadChrome.mockImplementation(() => new Promise<void>((resolve) => (chromeLoaded = resolve)));
    const { configurePage, state } = await freshWeChat();
    const done = configurePage(SITE, loadChrome);
    await vi.advanceTimersByTimeAsync(500);
    expect(loadChrome).toHaveBeenCalledTimes(1);
    expect(state.getWeChatState().miniProgram).toBeNull();
    chromeLoaded();
    await done;
    expect(state.getWeChatState().miniProgram).toBe(true);
  });

  it("outside a mini program nothing is posted to one", async () => {
    const { configurePage, state } = await freshWeChat();
    await settle(configurePage(SITE, loadChrome));
    expect(loadChrome).not.toHaveBeenCalled();
    expect(state.getWeChatState().miniProgram).toBe(false);
    expect(wx.posted).toEqual([]);
  });

  it("WeChat reporting its open tags unusable turns them off", async () => {
    vi.spyOn(console, "warn").mockImplementation(() => {});
    const { configurePage, state } = await freshWeChat();
    await settle(configurePage(SITE, loadChrome));
    expect(state.getWeChatState().openTags).toBe(true);
    document.dispatchEvent(new CustomEvent("WeixinOpenTagsError", { detail: { errMsg: "launch:fail" } }));
    expect(state.getWeChatState().openTags).toBe(false);
  });
});

describe("openMiniProgramLogin", () => {
  it("opens the mini program's login page with the current path and query", async () => {
    const { openMiniProgramLogin } = await freshWeChat();
    openMiniProgramLogin();
    expect(wx.navigated).toEqual([{ url: `/pages/login/index?redirect=${encodeURIComponent(`${ARTICLE}?from=singlemessage&isappinstalled=0`)}` }]);
  });
});
