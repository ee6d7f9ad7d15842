import wx from "weixin-js-sdk";
import { ENTRY_URL, updateWeChatState } from "~/client/wechat-state";
import { detectDevice } from "~/lib/device";
import { MINI_PROGRAM_DETECTION_DELAY_MS, miniProgramLoginUrl, miniProgramShareMessage } from "~/lib/mini-program-bridge";
import { signatureUrl, WECHAT_JS_API_LIST, WECHAT_OPEN_TAG_LIST, wechatShareData, type PageShare } from "~/lib/wechat-share";

/** The only module that imports weixin-js-sdk, loaded on demand inside WeChat only. Failures are only logged (spec section 8). */

/** The site's share fallbacks (spec section 3), and the logo shipped with the site for when it has none. */
type Site = { name: string; description: string; logo: string; bundledLogo: string };

type SignatureAnswer = { appId: string; timestamp: number; nonceStr: string; signature: string; openTagAppId: string };

let started: Promise<boolean> | null = null;

/**
 * The server bundle holds this module too, so nothing runs on import. `loadChrome` loads the mini-program chrome's chunk
 * before the mode turns on, or the page would suspend showing it; passed in, so this module imports no component.
 */
function start(loadChrome: () => Promise<void>): Promise<boolean> {
  started ??= new Promise((resolve) => {
    document.addEventListener("WeixinOpenTagsError", (event) => {
      // The rest of the SDK still works; the normal controls take the taps.
      console.warn("WeChat open tags unavailable", (event as CustomEvent).detail);
      updateWeChatState({ openTags: false });
    });
    window.setTimeout(() => {
      wx.miniProgram.getEnv((env: { miniprogram?: boolean } | undefined) => {
        const miniProgram = env?.miniprogram === true;
        void (miniProgram ? loadChrome() : Promise.resolve()).then(() => {
          updateWeChatState({ miniProgram });
          resolve(miniProgram);
        });
      });
    }, MINI_PROGRAM_DETECTION_DELAY_MS);
  });
  return started;
}

function readPageShare(): PageShare {
  const meta = (property: string) => document.querySelector<HTMLMetaElement>(`meta[property="${property}"]`)?.content ?? "";
  return {
    title: meta("og:title"),
    description: meta("og:description"),
    link: document.querySelector<HTMLLinkElement>('link[rel="canonical"]')?.href ?? "",
    image: meta("og:image"),
  };
}

async function fetchSignature(url: string): Promise<SignatureAnswer> {
  const response = await fetch(`${import.meta.env.BASE_URL}api/wechat/config?url=${encodeURIComponent(url)}`, {
    headers: { accept: "application/json" },
  });
  if (!response.ok) throw new Error(`signature answered ${response.status}`);
  return (await response.json()) as SignatureAnswer;
}

/**
 * The SDK calls ready after every verification, failed ones included: only a ready without an error counts. After the
 * first configuration ready runs at once; the share calls still carry the new signature.
 */
function verified(): Promise<void> {
  return new Promise((resolve, reject) => {
    let refused = false;
    wx.error((result) => {
      refused = true;
      reject(new Error(`wx.config refused: ${result.errMsg}`));
    });
    wx.ready(() => {
      if (!refused) resolve();
    });
  });
}

function shareCallbacks(kind: string) {
  return {
    success: () => undefined,
    fail: (result: { errMsg: string }) => console.warn(`WeChat ${kind} share data refused: ${result.errMsg}`),
  };
}

let latest = 0;

/** Signs the URL WeChat verifies: the entry URL on iOS, the current one elsewhere. A later page supersedes one still in progress. */
export async function configurePage(site: Site, loadMiniProgramChrome: () => Promise<void>): Promise<void> {
  const miniProgram = start(loadMiniProgramChrome);
  const run = ++latest;
  const isIOS = detectDevice(navigator.userAgent).isIOS;
  const share = wechatShareData(readPageShare(), site, { currentUrl: window.location.href, bundledLogo: site.bundledLogo });
  try {
    const signature = await fetchSignature(signatureUrl({ isIOS, entryUrl: ENTRY_URL, currentUrl: window.location.href }));
    if (run !== latest) return;
    const outcome = verified();
    wx.config({
      debug: false,
      appId: signature.appId,
      timestamp: signature.timestamp,
      nonceStr: signature.nonceStr,
      signature: signature.signature,
      jsApiList: [...WECHAT_JS_API_LIST],
      openTagList: [...WECHAT_OPEN_TAG_LIST],
    });
    await outcome;
    if (run !== latest) return;
    updateWeChatState({ openTags: true, openTagAppId: signature.openTagAppId });
    wx.updateAppMessageShareData({ title: share.title, desc: share.desc, link: share.link, imgUrl: share.imgUrl, ...shareCallbacks("friend") });
    wx.updateTimelineShareData({ title: share.title, link: share.link, imgUrl: share.imgUrl, ...shareCallbacks("timeline") });
  } catch (error) {
    console.warn("WeChat share setup failed", error);
  }
  if (run === latest && (await miniProgram)) wx.miniProgram.postMessage({ data: miniProgramShareMessage(share) });
}

/** Spec section 2: the wechat login method opens the mini program's login page with the current path. */
export function openMiniProgramLogin(): void {
  wx.miniProgram.navigateTo({ url: miniProgramLoginUrl(window.location.pathname + window.location.search) });
}
