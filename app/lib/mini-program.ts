/** Mini-program mode (spec sections 1, 2, 4 and 9). Pure rules; app/client/wechat.ts asks WeChat. */

export function isMiniProgramMode(userAgentGuess: boolean, environmentAnswer: boolean | null): boolean {
  return environmentAnswer ?? userAgentGuess;
}

export function pageChrome(miniProgram: boolean) {
  return { header: !miniProgram, footer: miniProgram, wechatLogin: miniProgram };
}
