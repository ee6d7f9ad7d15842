import { createHash, randomInt, timingSafeEqual } from "node:crypto";
import type { PlatformContext } from "./context";
import { ErrorCode, PlatformError } from "./envelope";
import { maskPhone } from "./phone";

const MINUTE_MS = 60_000;
const CODE_TTL_MS = 5 * MINUTE_MS;
const RESEND_COOLDOWN_MS = MINUTE_MS;
const MAX_WRONG_ATTEMPTS = 5;
const DAILY_LIMIT_PER_PHONE = 10;
/** China has no daylight saving, so a fixed offset gives the local calendar day. */
const CHINA_OFFSET_MS = 8 * 60 * MINUTE_MS;
const DAY_MS = 24 * 60 * MINUTE_MS;

type CodeRow = { id: number; code_hash: string; expires_at: string; failed_attempts: number; used_at: string | null };

function hashCode(code: string): Buffer {
  return createHash("sha256").update(code).digest();
}

function startOfChinaDay(now: Date): Date {
  const local = now.getTime() + CHINA_OFFSET_MS;
  return new Date(local - (local % DAY_MS) - CHINA_OFFSET_MS);
}

/** Applies the sending limits, then "sends" a fresh code through the development SMS outbox. */
export function sendVerificationCode(ctx: PlatformContext, tel: string, ip: string, signature: string): void {
  const now = ctx.now();
  const nowMs = now.getTime();
  const db = ctx.db;

  const last = db.prepare("SELECT created_at FROM verification_codes WHERE tel = ? ORDER BY id DESC LIMIT 1").get(tel) as
    { created_at: string } | undefined;
  if (last) {
    const waitMs = Date.parse(last.created_at) + RESEND_COOLDOWN_MS - nowMs;
    if (waitMs > 0) throw new PlatformError(ErrorCode.tooManyRequests, `发送过于频繁，请${Math.ceil(waitMs / 1000)}秒后再试`);
  }

  const today = db
    .prepare("SELECT COUNT(*) AS n FROM verification_codes WHERE tel = ? AND created_at >= ?")
    .get(tel, startOfChinaDay(now).toISOString()) as { n: number };
  if (today.n >= DAILY_LIMIT_PER_PHONE) {
    throw new PlatformError(ErrorCode.tooManyRequests, "该手机号今日获取验证码次数已达上限，请明天再试");
  }

  const hourAgo = new Date(nowMs - 60 * MINUTE_MS).toISOString();
  const fromIp = db
    .prepare("SELECT COUNT(*) AS n, MIN(created_at) AS oldest FROM verification_codes WHERE ip = ? AND created_at > ?")
    .get(ip, hourAgo) as { n: number; oldest: string | null };
  if (fromIp.n >= ctx.codesPerIpPerHour && fromIp.oldest) {
    const waitMs = Date.parse(fromIp.oldest) + 60 * MINUTE_MS - nowMs;
    throw new PlatformError(ErrorCode.tooManyRequests, `获取验证码过于频繁，请${Math.max(1, Math.ceil(waitMs / MINUTE_MS))}分钟后再试`);
  }

  const code = String(randomInt(0, 1_000_000)).padStart(6, "0");
  const createdAt = now.toISOString();
  db.transaction(() => {
    db.prepare("INSERT INTO verification_codes (tel, code_hash, ip, created_at, expires_at) VALUES (?, ?, ?, ?, ?)").run(
      tel,
      hashCode(code).toString("hex"),
      ip,
      createdAt,
      new Date(nowMs + CODE_TTL_MS).toISOString(),
    );
    db.prepare("INSERT INTO sms_outbox (tel, code, text, created_at) VALUES (?, ?, ?, ?)").run(
      tel,
      code,
      `【${signature}】您的验证码为${code}，${CODE_TTL_MS / MINUTE_MS}分钟内有效。如非本人操作，请忽略本短信。`,
      createdAt,
    );
  })();
  ctx.log(`sms to ${maskPhone(tel)}: code ${code} (dev outbox)`);
}

/**
 * Checks a code against the latest one sent to the phone and uses it up on success. Older codes are superseded;
 * a code is burned by its fifth wrong attempt.
 */
export function consumeVerificationCode(ctx: PlatformContext, tel: string, code: string): void {
  const now = ctx.now();
  const row = ctx.db
    .prepare("SELECT id, code_hash, expires_at, failed_attempts, used_at FROM verification_codes WHERE tel = ? ORDER BY id DESC LIMIT 1")
    .get(tel) as CodeRow | undefined;
  if (!row) throw new PlatformError(ErrorCode.noCode, "请先获取验证码");
  if (row.used_at) throw new PlatformError(ErrorCode.noCode, "验证码已失效，请重新获取");
  if (row.failed_attempts >= MAX_WRONG_ATTEMPTS) throw new PlatformError(ErrorCode.codeBurned, "验证码错误次数过多，请重新获取");
  if (Date.parse(row.expires_at) <= now.getTime()) throw new PlatformError(ErrorCode.codeExpired, "验证码已过期，请重新获取");

  if (!timingSafeEqual(hashCode(code), Buffer.from(row.code_hash, "hex"))) {
    const attempts = row.failed_attempts + 1;
    ctx.db.prepare("UPDATE verification_codes SET failed_attempts = ? WHERE id = ?").run(attempts, row.id);
    if (attempts >= MAX_WRONG_ATTEMPTS) throw new PlatformError(ErrorCode.codeBurned, "验证码错误次数过多，请重新获取");
    throw new PlatformError(ErrorCode.wrongCode, "验证码错误");
  }
  ctx.db.prepare("UPDATE verification_codes SET used_at = ? WHERE id = ?").run(now.toISOString(), row.id);
}
