import { createHash, randomBytes } from "node:crypto";
import type { RequestHandler } from "express";
import helmet from "helmet";
import { TRUSTED_EMBED_HOSTS } from "../../app/lib/embed-hosts";

const FRAME_HOSTS = TRUSTED_EMBED_HOSTS.map((host) => `https://${host}`);
const WECHAT_SDK_HOSTS = ["https://res.wx.qq.com", "https://res2.wx.qq.com"];

/**
 * A fresh nonce per response; the CSP allows only scripts that carry it. A page shared between visitors
 * (server/page-cache/page-store.ts) is rendered without one and allows its inline scripts by hash instead.
 */
export const cspNonce: RequestHandler = (_req, res, next) => {
  res.locals.cspNonce = randomBytes(16).toString("base64");
  next();
};

/** The policy with its script nonce replaced by the hashes of a shared page's inline scripts. */
export function withScriptHashes(policy: string, hashes: string[]): string {
  return policy.replace(/\s*'nonce-[^']*'/, hashes.length ? ` ${hashes.join(" ")}` : "");
}

/**
 * `frameParents`: the other sites that may frame the pages (FRAME_PARENT_ORIGINS), besides the site itself. With
 * any, X-Frame-Options goes: it cannot name them, and browsers that know frame-ancestors ignore it anyway.
 */
export function securityHeaders({ development, frameParents = [] }: { development: boolean; frameParents?: readonly string[] }): RequestHandler {
  return helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        "default-src": ["'self'"],
        "script-src": [
          "'self'",
          (_req, res) => `'nonce-${(res as unknown as { locals: { cspNonce: string } }).locals.cspNonce}'`,
          ...WECHAT_SDK_HOSTS,
          ...(development ? ["'unsafe-eval'"] : []),
        ],
        "style-src": ["'self'", "'unsafe-inline'"],
        "img-src": ["'self'", "data:", "https:", "http:"],
        "media-src": ["'self'", "https:", "blob:"],
        "connect-src": ["'self'", ...WECHAT_SDK_HOSTS, ...(development ? ["ws:"] : [])],
        "font-src": ["'self'", "data:"],
        "frame-src": ["'self'", ...FRAME_HOSTS],
        "frame-ancestors": ["'self'", ...frameParents],
        "object-src": ["'none'"],
        "base-uri": ["'self'"],
        "form-action": ["'self'"],
        "worker-src": ["'self'"],
        "manifest-src": ["'self'"],
      },
    },
    crossOriginEmbedderPolicy: false,
    // Images and media in CMS bodies come from other hosts.
    crossOriginResourcePolicy: { policy: "cross-origin" },
    referrerPolicy: { policy: "strict-origin-when-cross-origin" },
    frameguard: frameParents.length > 0 ? false : { action: "sameorigin" },
    strictTransportSecurity: development ? false : { maxAge: 15552000, includeSubDomains: false },
  });
}

/** The CSP source of an inline script with this text. */
export const scriptHash = (text: string) => `'sha256-${createHash("sha256").update(text, "utf8").digest("base64")}'`;

/** SHA-256 sources for the CSP of every inline script of a document, computed from its bytes as sent. */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const [, attributes, text] of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    if (/\ssrc\s*=/i.test(attributes ?? "") || !text) continue;
    hashes.add(scriptHash(text));
  }
  return [...hashes];
}
