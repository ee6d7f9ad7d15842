import type { WeChatShareData } from "~/lib/wechat-share";

/** Kept beside the SDK's only user (app/client/wechat.ts) rather than in every page. */

/** Spec section 9. */
export const MINI_PROGRAM_DETECTION_DELAY_MS = 500;

export const MINI_PROGRAM_LOGIN_PAGE = "/pages/login/index";

export function miniProgramLoginUrl(currentPath: string): string {
  return `${MINI_PROGRAM_LOGIN_PAGE}?redirect=${encodeURIComponent(currentPath)}`;
}

/** So that sharing from the mini program's menu shows this page rather than its default. */
export function miniProgramShareMessage(share: WeChatShareData) {
  return { type: "share", title: share.title, desc: share.desc, link: share.link, imageUrl: share.imgUrl };
}
