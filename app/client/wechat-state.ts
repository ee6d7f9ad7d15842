/**
 * What the page knows of WeChat, for the components that depend on it (open tags, mini-program mode), without
 * loading the SDK: app/client/wechat.ts (the SDK's one importer) writes it, hooks read it. A tiny module, so that
 * pages outside WeChat carry none of the SDK.
 */
export type WeChatState = {
  /** Open tags may be rendered: wx.config has verified and WeChat has not reported them unusable. */
  openTags: boolean;
  /** The mobile app's Open Platform AppID for <wx-open-launch-app>; '' until configured. */
  openTagAppId: string;
  /** wx.miniProgram.getEnv's answer, null until it has answered (the user agent's guess stands until then). */
  miniProgram: boolean | null;
};

/**
 * What is known before the client knows anything: on the server, while hydrating, and until WeChat answers. One
 * object for both, so that React finds the store unchanged after hydration and does not render the page again at once.
 */
export const UNKNOWN_WECHAT_STATE: WeChatState = Object.freeze({ openTags: false, openTagAppId: "", miniProgram: null });
let state: WeChatState = UNKNOWN_WECHAT_STATE;
const listeners = new Set<() => void>();

export function getWeChatState(): WeChatState {
  return state;
}

export function updateWeChatState(change: Partial<WeChatState>): void {
  state = { ...state, ...change };
  for (const listener of listeners) listener();
}

export function subscribeWeChatState(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * The address the visitor entered the site on, read when this module is first evaluated: before hydration, so
 * before any replaceState (the `_t` parameter) or client-side navigation. iOS WeChat verifies signatures against it.
 */
export const ENTRY_URL = typeof window === "undefined" ? "" : window.location.href;
