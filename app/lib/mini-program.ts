/**
 * Mini-program mode (spec sections 1, 2, 4 and 9): inside a WeChat mini program's web-view the page hides its header
 * and shows a footer, the back/forward control and the login popup. Pure rules; app/client/wechat.ts asks WeChat.
 */

/** The user agent is only the first guess; once wx.miniProgram.getEnv has answered, its answer decides. */
export function isMiniProgramMode(userAgentGuess: boolean, environmentAnswer: boolean | null): boolean {
  return environmentAnswer ?? userAgentGuess;
}

/** Which parts of the page's frame show in each mode; the footer comes with the back/forward control. */
export function pageChrome(miniProgram: boolean) {
  return { header: !miniProgram, footer: miniProgram, wechatLogin: miniProgram };
}
