/** The sanitizer keeps only these iframes and the CSP frames only these. */
export const TRUSTED_EMBED_HOSTS: readonly string[] = ["player.bilibili.com", "v.qq.com", "player.youku.com", "www.ixigua.com"];
