import { Router } from "express";
import { z } from "zod";
import type { PlatformContext } from "../context";
import { ErrorCode, PlatformError, handle } from "../envelope";
import { requireToken } from "../tokens";
import { intQuery, parseInput } from "../validation";

/** An invitation code as people type and share it: 4 to 16 letters and digits. */
export const INVITE_CODE = /^[A-Za-z0-9]{4,16}$/;

const recordQuery = z.object({
  code: z.string({ required_error: "缺少参数 code" }).regex(INVITE_CODE, "参数 code 格式错误"),
  page: intQuery(1, 1, 100_000),
  size: intQuery(10, 1, 50),
});

type CodeRow = {
  code: string;
  inviter_id: number;
  alias: string;
  avatar: string;
  reward_title: string;
  reward_description: string;
  created_at: string;
  expires_at: string;
};

/** The invitation behind a code and who joined by it (docs/platform-api.md, "Invitations"). */
export function inviteRoutes(ctx: PlatformContext): Router {
  const router = Router();

  router.get(
    "/peony/v1/invite/record",
    requireToken(ctx),
    handle((req) => {
      const query = parseInput(recordQuery, req.query);
      // Codes are case-insensitive when typed; they are stored in capitals.
      const code = query.code.toUpperCase();
      const row = ctx.db
        .prepare(`SELECT i.*, u.alias, u.avatar FROM invite_codes i JOIN users u ON u.id = i.inviter_id WHERE i.code = ?`)
        .get(code) as CodeRow | undefined;
      if (!row) throw new PlatformError(ErrorCode.notFound, "邀请码不存在");
      const records = ctx.db
        .prepare(
          `SELECT u.alias, u.avatar, r.joined_at FROM invite_records r JOIN users u ON u.id = r.invitee_id
           WHERE r.code = ? ORDER BY r.joined_at DESC, r.id DESC LIMIT ? OFFSET ?`,
        )
        .all(code, query.size, (query.page - 1) * query.size) as { alias: string; avatar: string; joined_at: string }[];
      const { total } = ctx.db.prepare("SELECT COUNT(*) AS total FROM invite_records WHERE code = ?").get(code) as { total: number };
      return {
        code: row.code,
        inviter: { user_id: ctx.ids.encode(row.inviter_id), alias: row.alias, avatar: ctx.media(row.avatar) },
        reward: { title: row.reward_title, description: row.reward_description },
        created_at: row.created_at,
        expires_at: row.expires_at,
        expired: row.expires_at <= ctx.now().toISOString(),
        list: records.map((r) => ({ alias: r.alias, avatar: ctx.media(r.avatar), joined_at: r.joined_at })),
        total,
      };
    }),
  );

  return router;
}
