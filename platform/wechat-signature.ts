import { createHash, randomBytes } from "node:crypto";

/**
 * WeChat JS-SDK signing (附录1 of the JS-SDK documentation): SHA-1 over `jsapi_ticket`, `noncestr`, `timestamp` and
 * `url`, joined as `key=value` pairs in that (ASCII) key order with '&', raw values, no URL escaping.
 */
export function jsapiSignature(fields: { jsapiTicket: string; nonceStr: string; timestamp: number; url: string }): string {
  const text = `jsapi_ticket=${fields.jsapiTicket}&noncestr=${fields.nonceStr}&timestamp=${fields.timestamp}&url=${fields.url}`;
  return createHash("sha1").update(text, "utf8").digest("hex");
}

const NONCE_ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";

/** A fresh 16-character nonce of letters and digits (WeChat accepts up to 32). */
export function nonceStr(): string {
  return [...randomBytes(16)].map((byte) => NONCE_ALPHABET[byte % NONCE_ALPHABET.length]).join("");
}

/** What a platform signs with: the official account's AppID and jsapi_ticket, and its JS safe domains (JS接口安全域名). */
export type WeChatSigning = { appId: string; jsapiTicket: string; safeDomains: readonly string[] };

/** Demonstration values: a made-up AppID and ticket, so the whole flow runs without a WeChat account. */
export const DEMO_WECHAT = { appId: "wxd0e1a2b3c4d5e6f7", jsapiTicket: "demo-jsapi-ticket-not-for-production" } as const;

/**
 * Why a URL may not be signed, or null when it may: WeChat verifies only http(s) page URLs without their '#' part
 * on a JS safe domain, so nothing else is ever signed. A safe domain names a host, with or without its port.
 */
export function signingRefusal(value: string, safeDomains: readonly string[]): string | null {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return "签名地址不是完整的网址";
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") return "签名地址必须是 http 或 https 网址";
  if (url.username || url.password) return "签名地址不能包含用户名或密码";
  if (value.includes("#")) return "签名地址不能包含 # 及其后面部分";
  const host = url.host.toLowerCase();
  const hostname = url.hostname.toLowerCase();
  const safe = safeDomains.some((domain) => {
    const entry = domain.trim().toLowerCase();
    return entry !== "" && (entry === host || entry === hostname);
  });
  return safe ? null : "签名地址不在 JS 接口安全域名内";
}
