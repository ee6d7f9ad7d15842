import { createHash, randomBytes } from "node:crypto";
import type { RequestHandler, Response } from "express";
import type { PlatformContext } from "./context";
import { ErrorCode, PlatformError } from "./envelope";

const DAY_MS = 24 * 60 * 60 * 1000;
const ANONYMOUS_TOKEN_TTL_MS = 30 * DAY_MS;
const USER_TOKEN_TTL_MS = 30 * DAY_MS;

export type Session = { tokenId: number; userId: number | null };

function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

export function issueToken(
  ctx: PlatformContext,
  input: { userId: number | null; appid: number; platform: string; deviceId: string },
): { token: string; expiresIn: number } {
  const token = randomBytes(32).toString("base64url");
  const ttl = input.userId === null ? ANONYMOUS_TOKEN_TTL_MS : USER_TOKEN_TTL_MS;
  const now = ctx.now();
  ctx.db
    .prepare(
      `INSERT INTO tokens (token_hash, user_id, appid, platform, device_id, created_at, expires_at)
       VALUES (?, ?, ?, ?, ?, ?, ?)`,
    )
    .run(hashToken(token), input.userId, input.appid, input.platform, input.deviceId, now.toISOString(), new Date(now.getTime() + ttl).toISOString());
  return { token, expiresIn: Math.floor(ttl / 1000) };
}

/** The header carries the bare token; a `Bearer ` prefix is tolerated. */
function readToken(header: string | undefined): string {
  return (header ?? "").replace(/^Bearer\s+/i, "").trim();
}

function findSession(ctx: PlatformContext, token: string): Session | null {
  const row = ctx.db
    .prepare(
      `SELECT id, user_id FROM tokens
       WHERE token_hash = ? AND revoked_at IS NULL AND expires_at > ?`,
    )
    .get(hashToken(token), ctx.now().toISOString()) as { id: number; user_id: number | null } | undefined;
  return row ? { tokenId: row.id, userId: row.user_id } : null;
}

export function revokeToken(ctx: PlatformContext, tokenId: number): void {
  ctx.db.prepare("UPDATE tokens SET revoked_at = ? WHERE id = ?").run(ctx.now().toISOString(), tokenId);
}

/** Any valid token, anonymous or user; the session is kept in `res.locals.session`. */
export function requireToken(ctx: PlatformContext): RequestHandler {
  return (req, res, next) => {
    const token = readToken(req.get("authorization"));
    if (!token) return next(new PlatformError(ErrorCode.unauthorized, "缺少访问令牌，请先登录"));
    const session = findSession(ctx, token);
    if (!session) return next(new PlatformError(ErrorCode.unauthorized, "登录状态已失效，请重新登录"));
    res.locals.session = session;
    next();
  };
}

/** A user token (anonymous tokens are refused with 403). */
export function requireUser(ctx: PlatformContext): RequestHandler {
  const token = requireToken(ctx);
  return (req, res, next) => {
    token(req, res, (err?: unknown) => {
      if (err) return next(err);
      if (sessionOf(res).userId === null) return next(new PlatformError(ErrorCode.forbidden, "请先登录"));
      next();
    });
  };
}

export function sessionOf(res: Response): Session {
  return res.locals.session as Session;
}

/** The user id of a session that passed `requireUser`. */
export function userIdOf(res: Response): number {
  const { userId } = sessionOf(res);
  if (userId === null) throw new PlatformError(ErrorCode.forbidden, "请先登录");
  return userId;
}
