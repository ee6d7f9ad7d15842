import { Router } from "express";
import type { PlatformContext } from "../context";
import { ErrorCode, PlatformError, handle } from "../envelope";
import { maskPhone } from "../phone";
import { requireUser, revokeToken, sessionOf, userIdOf } from "../tokens";

type UserRow = { id: number; alias: string; avatar: string; phone: string };

export function accountRoutes(ctx: PlatformContext): Router {
  const router = Router();

  router.get(
    "/peony/v1/account/:user_id",
    requireUser(ctx),
    handle((req, res) => {
      const id = ctx.ids.decode(req.params.user_id);
      if (id === null) throw new PlatformError(ErrorCode.notFound, "用户不存在");
      if (id !== userIdOf(res)) throw new PlatformError(ErrorCode.forbidden, "无权查看该账号");
      const user = ctx.db.prepare("SELECT id, alias, avatar, phone FROM users WHERE id = ?").get(id) as UserRow | undefined;
      if (!user) throw new PlatformError(ErrorCode.notFound, "用户不存在");
      return { user_id: ctx.ids.encode(user.id), alias: user.alias, avatar: ctx.media(user.avatar), phone: maskPhone(user.phone) };
    }),
  );

  router.post(
    "/peony/v1/account/logout",
    requireUser(ctx),
    handle((_req, res) => {
      revokeToken(ctx, sessionOf(res).tokenId);
      return null;
    }),
  );

  return router;
}
