import type { WeChatShareData } from "~/lib/wechat-share";

/**
 * What the page says to its mini program through wx.miniProgram (app/client/wechat.ts, the only user, so these
 * rules travel with the SDK rather than in every page).
 */

/** Spec section 9: mini-program mode is decided this long after start. */
export const MINI_PROGRAM_DETECTION_DELAY_MS = 500;

/** The mini program's own login page; spec section 2: the wechat login method goes there with the current path. */
export const MINI_PROGRAM_LOGIN_PAGE = "/pages/login/index";

/** The page wx.miniProgram.navigateTo opens for a WeChat login from `currentPath` (path and query of the site page). */
export function miniProgramLoginUrl(currentPath: string): string {
  return `${MINI_PROGRAM_LOGIN_PAGE}?redirect=${encodeURIComponent(currentPath)}`;
}

/**
 * What the page posts to its mini program (wx.miniProgram.postMessage): the share card, so that sharing from the
 * mini program's menu shows this page rather than the mini program's default. `type` lets the mini program tell it
 * from other messages.
 */
export function miniProgramShareMessage(share: WeChatShareData) {
  return { type: "share", title: share.title, desc: share.desc, link: share.link, imageUrl: share.imgUrl };
}
