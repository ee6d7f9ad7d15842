import { useLocation } from "@remix-run/react";
import { useEffect, useSyncExternalStore } from "react";
import { getWeChatState, subscribeWeChatState, UNKNOWN_WECHAT_STATE, type WeChatState } from "~/client/wechat-state";
import { useRootData } from "~/hooks/use-root-data";
import { BUNDLED_LOGO } from "~/lib/bundled-logo";
import { isMiniProgramMode } from "~/lib/mini-program";

export function useWeChatState(): WeChatState {
  return useSyncExternalStore(subscribeWeChatState, getWeChatState, () => UNKNOWN_WECHAT_STATE);
}

/** The user agent's guess (as the server rendered the page) until WeChat itself has answered. */
export function useMiniProgramMode(): boolean {
  const guess = useRootData()?.device.isMiniProgram ?? false;
  return isMiniProgramMode(guess, useWeChatState().miniProgram);
}

/** The root passes `loadMiniProgramChrome` so that neither this hook nor client/wechat.ts imports the chunk loader (an import circle). */
export function useWeChatPages(loadMiniProgramChrome: () => Promise<void>): void {
  const root = useRootData();
  const location = useLocation();
  const inWeChat = root?.device.isWeChat ?? false;
  const { name = "", description = "", logo = "" } = root?.site ?? {};
  useEffect(() => {
    if (!inWeChat) return;
    import("~/client/wechat")
      .then((wechat) => wechat.configurePage({ name, description, logo, bundledLogo: BUNDLED_LOGO }, loadMiniProgramChrome))
      // A chunk that fails to load (offline, a new deployment) costs only the share card.
      .catch((error: unknown) => console.warn("WeChat setup not loaded", error));
  }, [inWeChat, name, description, logo, location.pathname, location.search, loadMiniProgramChrome]);
}
