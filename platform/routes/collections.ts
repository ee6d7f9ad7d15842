import { Router } from "express";
import { z } from "zod";
import type { PlatformContext } from "../context";
import { handle } from "../envelope";
import { requireUser, userIdOf } from "../tokens";
import { optionalText, parseInput } from "../validation";
import { findPublishedContent } from "./content";

const collectionBody = z.object({
  type: z.enum(["add", "del"], { errorMap: () => ({ message: "参数 type 只能是 add 或 del" }) }),
  // Sent by the legacy client; accepted and not used.
  track_id: optionalText(64),
  cid: optionalText(64),
});

export function collectionRoutes(ctx: PlatformContext): Router {
  const router = Router();
  const db = ctx.db;

  router.post(
    "/peony/v1/collection/:post_id",
    requireUser(ctx),
    handle((req, res) => {
      const body = parseInput(collectionBody, req.body);
      const userId = userIdOf(res);
      const content = findPublishedContent(ctx, req.params.post_id);
      // Toggling is idempotent: the count moves only when the row really appears or disappears.
      db.transaction(() => {
        if (body.type === "add") {
          const added = db
            .prepare("INSERT OR IGNORE INTO collections (user_id, content_id, created_at) VALUES (?, ?, ?)")
            .run(userId, content.id, ctx.now().toISOString()).changes;
          if (added) db.prepare("UPDATE contents SET collect_count = collect_count + 1 WHERE id = ?").run(content.id);
        } else {
          const removed = db.prepare("DELETE FROM collections WHERE user_id = ? AND content_id = ?").run(userId, content.id).changes;
          if (removed) db.prepare("UPDATE contents SET collect_count = MAX(collect_count - 1, 0) WHERE id = ?").run(content.id);
        }
      })();
      const { collect_count } = db.prepare("SELECT collect_count FROM contents WHERE id = ?").get(content.id) as {
        collect_count: number;
      };
      return { is_collect: body.type === "add", collect_count };
    }),
  );

  return router;
}
