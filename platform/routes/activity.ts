import { Router } from "express";
import type { PlatformContext } from "../context";
import { ErrorCode, PlatformError, handle } from "../envelope";
import { requireToken } from "../tokens";
import { pageQuery, parseInput } from "../validation";

type ActivityRow = {
  id: number;
  title: string;
  summary: string;
  cover: string;
  rules: string;
  location: string;
  start_at: string;
  end_at: string;
  participant_count: number;
  version: number;
};

const listQuery = pageQuery(10);

/** Activities (docs/platform-api.md, "Activities"): their state follows from start_at and end_at. */
export function activityRoutes(ctx: PlatformContext): Router {
  const router = Router();
  const token = requireToken(ctx);

  const summaryOf = (row: ActivityRow) => ({
    post_id: ctx.ids.encode(row.id),
    title: row.title,
    summary: row.summary,
    cover: ctx.media(row.cover),
    location: row.location,
    start_at: row.start_at,
    end_at: row.end_at,
    participant_count: row.participant_count,
  });

  router.get(
    "/peony/v1/activity",
    token,
    handle((req) => {
      const { page, size } = parseInput(listQuery, req.query);
      // Open and upcoming activities first, soonest first; then the ended ones, most recent first.
      const rows = ctx.db
        .prepare(
          `SELECT * FROM activities
           ORDER BY end_at <= @now, CASE WHEN end_at > @now THEN start_at END, end_at DESC, id
           LIMIT @limit OFFSET @offset`,
        )
        .all({ now: ctx.now().toISOString(), limit: size, offset: (page - 1) * size }) as ActivityRow[];
      const { total } = ctx.db.prepare("SELECT COUNT(*) AS total FROM activities").get() as { total: number };
      return { list: rows.map(summaryOf), total };
    }),
  );

  router.get(
    "/peony/v1/activity/:post_id",
    token,
    handle((req) => {
      const id = ctx.ids.decode(req.params.post_id);
      const row = id === null ? undefined : (ctx.db.prepare("SELECT * FROM activities WHERE id = ?").get(id) as ActivityRow | undefined);
      if (!row) throw new PlatformError(ErrorCode.notFound, "活动不存在");
      return { ...summaryOf(row), rules: ctx.media(row.rules), version: row.version };
    }),
  );

  return router;
}
