import { Router } from "express";
import { z } from "zod";
import type { PlatformContext } from "../context";
import { ErrorCode, PlatformError, handle } from "../envelope";
import { requireToken, requireUser, sessionOf, userIdOf } from "../tokens";
import { parseInput } from "../validation";

const followBody = z.object({
  type: z.enum(["add", "del"], { errorMap: () => ({ message: "参数 type 只能是 add 或 del" }) }),
});

export function officialAccountRoutes(ctx: PlatformContext): Router {
  const router = Router();
  const db = ctx.db;

  function findAccount(mp: string): number {
    const id = ctx.ids.decode(mp);
    const row = id === null ? undefined : db.prepare("SELECT id FROM official_accounts WHERE id = ?").get(id);
    if (id === null || !row) throw new PlatformError(ErrorCode.notFound, "公众号不存在");
    return id;
  }

  function isFollowed(userId: number | null, accountId: number): boolean {
    if (userId === null) return false;
    return db.prepare("SELECT 1 FROM follows WHERE user_id = ? AND official_account_id = ?").get(userId, accountId) !== undefined;
  }

  router.post(
    "/guzzle/v1/mp/follow/:mp",
    requireUser(ctx),
    handle((req, res) => {
      const body = parseInput(followBody, req.body);
      const userId = userIdOf(res);
      const accountId = findAccount(req.params.mp);
      db.transaction(() => {
        if (body.type === "add") {
          const added = db
            .prepare("INSERT OR IGNORE INTO follows (user_id, official_account_id, created_at) VALUES (?, ?, ?)")
            .run(userId, accountId, ctx.now().toISOString()).changes;
          if (added) db.prepare("UPDATE official_accounts SET follower_count = follower_count + 1 WHERE id = ?").run(accountId);
        } else {
          const removed = db.prepare("DELETE FROM follows WHERE user_id = ? AND official_account_id = ?").run(userId, accountId).changes;
          if (removed) db.prepare("UPDATE official_accounts SET follower_count = MAX(follower_count - 1, 0) WHERE id = ?").run(accountId);
        }
      })();
      const { follower_count } = db.prepare("SELECT follower_count FROM official_accounts WHERE id = ?").get(accountId) as {
        follower_count: number;
      };
      return { is_followed: body.type === "add", follower_count };
    }),
  );

  router.post(
    "/guzzle/v1/mp/is_followed/:mp",
    requireToken(ctx),
    handle((req, res) => ({ is_followed: isFollowed(sessionOf(res).userId, findAccount(req.params.mp)) })),
  );

  return router;
}
