import { createHash, randomBytes } from "node:crypto";
import type { RequestHandler } from "express";
import helmet from "helmet";
import { TRUSTED_EMBED_HOSTS } from "../../app/lib/embed-hosts";

const FRAME_HOSTS = TRUSTED_EMBED_HOSTS.map((host) => `https://${host}`);
const WECHAT_SDK_HOSTS = ["https://res.wx.qq.com", "https://res2.wx.qq.com"];

/** A page rendered for the store has no nonce: its inline scripts are allowed by hash instead. */
export const cspNonce: RequestHandler = (_req, res, next) => {
  res.locals.cspNonce = randomBytes(16).toString("base64");
  next();
};

export function withScriptHashes(policy: string, hashes: string[]): string {
  return policy.replace(/\s*'nonce-[^']*'/, hashes.length ? ` ${hashes.join(" ")}` : "");
}

/** With any `frameParents`, X-Frame-Options goes: it cannot name them, and browsers that know frame-ancestors ignore it. */
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

export const scriptHash = (text: string) => `'sha256-${createHash("sha256").update(text, "utf8").digest("base64")}'`;

/** Computed from the bytes as sent. */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const [, attributes, text] of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    if (/\ssrc\s*=/i.test(attributes ?? "") || !text) continue;
    hashes.add(scriptHash(text));
  }
  return [...hashes];
}
