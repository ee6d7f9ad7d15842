/** A tiny module, so pages outside WeChat carry none of the SDK: app/client/wechat.ts writes it, hooks read it. */
export type WeChatState = {
  /** Open tags may be rendered: wx.config has verified and WeChat has not reported them unusable. */
  openTags: boolean;
  openTagAppId: string;
  /** wx.miniProgram.getEnv's answer, null until it has answered (the user agent's guess stands until then). */
  miniProgram: boolean | null;
};

/** One object for server, hydration and before WeChat answers, so React finds the store unchanged after hydration and does not re-render. */
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

/** Read at first evaluation, before any replaceState or client-side navigation: iOS WeChat verifies signatures against it. */
export const ENTRY_URL = typeof window === "undefined" ? "" : window.location.href;
