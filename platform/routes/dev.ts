import { Router } from "express";
import { z } from "zod";
import type { PlatformContext } from "../context";
import { handle } from "../envelope";
import { PHONE_PATTERN } from "../../app/lib/phone";
import { parseInput } from "../validation";

const OUTBOX_LIMIT = 50;
const outboxQuery = z.object({ tel: z.string().regex(PHONE_PATTERN, "请输入正确的手机号").optional() });

/** The development SMS gateway's outbox: where verification codes "arrive" when there is no real SMS provider. */
export function devRoutes(ctx: PlatformContext): Router {
  const router = Router();

  router.get(
    "/dev/sms-outbox",
    handle((req) => {
      const { tel } = parseInput(outboxQuery, req.query);
      const rows = ctx.db
        .prepare(
          `SELECT tel, code, text, created_at FROM sms_outbox
           WHERE @tel IS NULL OR tel = @tel ORDER BY id DESC LIMIT ${OUTBOX_LIMIT}`,
        )
        .all({ tel: tel ?? null });
      return { list: rows };
    }),
  );

  return router;
}
