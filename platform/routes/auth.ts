import { Router } from "express";
import { z } from "zod";
import type { PlatformContext } from "../context";
import { ErrorCode, PlatformError, handle } from "../envelope";
import { MEDIA_PLACEHOLDER } from "../media";
import { spendPasswordCheckTime, verifyPassword } from "../passwords";
import { PHONE_PATTERN } from "../../app/lib/phone";
import { readSiteName } from "../static-data";
import { issueToken, requireToken } from "../tokens";
import { parseInput } from "../validation";
import { consumeVerificationCode, sendVerificationCode } from "../verification-codes";

/** The apps this platform serves; the share site logs in as app 1 (spec section 9). */
const KNOWN_APP_IDS = new Set([1]);
const PASSWORD_LOCK_WINDOW_MS = 15 * 60_000;
const PASSWORD_LOCK_FAILURES = 5;
/** The spec's vcode call for login sends type 6. */
const LOGIN_CODE_TYPE = "6";

const phone = z.string({ required_error: "请输入手机号" }).regex(PHONE_PATTERN, "请输入正确的手机号");

const authBody = z
  .object({
    appid: z.union([z.number(), z.string().regex(/^\d+$/).transform(Number)]).refine((id) => KNOWN_APP_IDS.has(id), "参数 appid 无效"),
    platform: z.string().min(1).max(32),
    account: phone.optional(),
    device_id: z.string().max(128).optional(),
    verify_code: z
      .string()
      .regex(/^\d{6}$/, "请输入6位数字验证码")
      .optional(),
    password: z.string().min(1, "请输入密码").max(128, "密码长度不能超过128位").optional(),
  })
  .superRefine((body, issues) => {
    const credentials = (body.verify_code !== undefined ? 1 : 0) + (body.password !== undefined ? 1 : 0);
    if (body.account === undefined && credentials > 0) issues.addIssue({ code: "custom", path: ["account"], message: "请输入手机号" });
    if (body.account !== undefined && credentials === 0) issues.addIssue({ code: "custom", path: ["verify_code"], message: "请输入验证码或密码" });
    if (credentials === 2) issues.addIssue({ code: "custom", path: ["password"], message: "verify_code 与 password 只能填写一个" });
  });

const vcodeQuery = z.object({
  tel: phone,
  type: z.literal(LOGIN_CODE_TYPE, { errorMap: () => ({ message: "参数 type 无效" }) }),
});

type UserRow = { id: number; password_hash: string | null };

export function authRoutes(ctx: PlatformContext): Router {
  const router = Router();
  const db = ctx.db;

  function findOrRegister(tel: string): number {
    const existing = db.prepare("SELECT id FROM users WHERE phone = ?").get(tel) as { id: number } | undefined;
    if (existing) return existing.id;
    const result = db
      .prepare("INSERT INTO users (phone, alias, avatar, created_at) VALUES (?, ?, ?, ?)")
      .run(tel, `用户${tel.slice(-4)}`, `${MEDIA_PLACEHOLDER}/avatar-default.png`, ctx.now().toISOString());
    ctx.log(`registered user ${Number(result.lastInsertRowid)}`);
    return Number(result.lastInsertRowid);
  }

  async function checkPassword(tel: string, password: string): Promise<number> {
    const user = db.prepare("SELECT id, password_hash FROM users WHERE phone = ?").get(tel) as UserRow | undefined;
    if (!user?.password_hash) {
      await spendPasswordCheckTime(password);
      throw new PlatformError(ErrorCode.wrongPassword, "账号或密码错误");
    }
    const nowMs = ctx.now().getTime();
    const recent = db
      .prepare("SELECT COUNT(*) AS n, MIN(created_at) AS oldest FROM password_failures WHERE user_id = ? AND created_at > ?")
      .get(user.id, new Date(nowMs - PASSWORD_LOCK_WINDOW_MS).toISOString()) as { n: number; oldest: string | null };
    if (recent.n >= PASSWORD_LOCK_FAILURES && recent.oldest) {
      const minutes = Math.max(1, Math.ceil((Date.parse(recent.oldest) + PASSWORD_LOCK_WINDOW_MS - nowMs) / 60_000));
      throw new PlatformError(ErrorCode.passwordLocked, `密码错误次数过多，请${minutes}分钟后再试，或使用验证码登录`);
    }
    if (!(await verifyPassword(password, user.password_hash))) {
      db.prepare("INSERT INTO password_failures (user_id, created_at) VALUES (?, ?)").run(user.id, ctx.now().toISOString());
      throw new PlatformError(ErrorCode.wrongPassword, "账号或密码错误");
    }
    db.prepare("DELETE FROM password_failures WHERE user_id = ?").run(user.id);
    return user.id;
  }

  router.post(
    "/peony/v1/auth",
    handle(async (req) => {
      const body = parseInput(authBody, req.body);
      const client = { appid: body.appid, platform: body.platform, deviceId: body.device_id ?? "" };
      if (body.account === undefined) {
        const { token, expiresIn } = issueToken(ctx, { ...client, userId: null });
        return { token, expires_in: expiresIn };
      }
      let userId: number;
      if (body.verify_code !== undefined) {
        consumeVerificationCode(ctx, body.account, body.verify_code);
        userId = findOrRegister(body.account);
      } else {
        userId = await checkPassword(body.account, body.password ?? "");
      }
      const { token, expiresIn } = issueToken(ctx, { ...client, userId });
      return { token, user_id: ctx.ids.encode(userId), expires_in: expiresIn };
    }),
  );

  router.get(
    "/peony/v1/vcode",
    requireToken(ctx),
    handle((req) => {
      const query = parseInput(vcodeQuery, req.query);
      sendVerificationCode(ctx, query.tel, req.ip ?? "unknown", readSiteName(ctx));
      return null;
    }),
  );

  return router;
}
