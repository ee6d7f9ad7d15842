import { createHmac, timingSafeEqual } from "node:crypto";

/** How long a preview link works when the issuer does not say (spec: 30 minutes). */
export const PREVIEW_TTL_MS = 30 * 60 * 1000;

/** Longer than any token this module issues; anything longer is refused before hashing. */
const MAX_TOKEN_LENGTH = 256;

type Claims = { pid: string; exp: number };

function mac(secret: string, body: string): Buffer {
  return createHmac("sha256", secret).update(body).digest();
}

/**
 * A preview token: base64url JSON `{ pid, exp }` (the post id and the expiry in epoch ms), a dot, and the
 * base64url HMAC-SHA256 of that first part under the platform's preview secret.
 */
export function signPreviewToken(secret: string, postId: string, expiredAt: Date): string {
  const claims: Claims = { pid: postId, exp: expiredAt.getTime() };
  const body = Buffer.from(JSON.stringify(claims)).toString("base64url");
  return `${body}.${mac(secret, body).toString("base64url")}`;
}

function readClaims(body: string): Claims | null {
  try {
    const value = JSON.parse(Buffer.from(body, "base64url").toString("utf8")) as unknown;
    if (typeof value !== "object" || value === null) return null;
    const { pid, exp } = value as Record<string, unknown>;
    return typeof pid === "string" && typeof exp === "number" && Number.isSafeInteger(exp) ? { pid, exp } : null;
  } catch {
    return null;
  }
}

/**
 * The expiry of a token this secret signed for this post, or null when the token is malformed, forged, altered,
 * issued for another post or expired: callers answer all of these alike, so a guess learns nothing.
 */
export function verifyPreviewToken(secret: string, token: string, postId: string, now: Date): Date | null {
  if (token.length > MAX_TOKEN_LENGTH) return null;
  const [body, signature, ...rest] = token.split(".");
  if (!body || !signature || rest.length > 0) return null;
  // Compared as text: decoding first would let several spellings of one signature pass.
  const expected = Buffer.from(mac(secret, body).toString("base64url"));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  const claims = readClaims(body);
  if (!claims || claims.pid !== postId || claims.exp <= now.getTime()) return null;
  return new Date(claims.exp);
}
