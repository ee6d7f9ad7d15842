import { Router } from "express";
import { z } from "zod";
import { MAX_BATCH_EVENTS } from "../../app/lib/tracking";
import { trackingEventSchema } from "../../app/lib/tracking-schema";
import type { PlatformContext } from "../context";
import { ErrorCode, PlatformError, handle } from "../envelope";
import { parseInput } from "../validation";

/** Spec section 7: a JSON body of the tracking fields: one event, or a batch of them. */
const trackerBody = z.union([
  trackingEventSchema,
  z.array(trackingEventSchema).min(1, "事件列表不能为空").max(MAX_BATCH_EVENTS, `一次最多 ${MAX_BATCH_EVENTS} 个事件`),
]);

/** Per-content counts of what the collector received, newest activity first. */
export type ContentStats = {
  /** The content id, or '' for a page without one (then `path` names it). */
  content_id: string;
  path: string;
  /** The content's title when the id is one of ours. */
  title: string;
  /** Distinct readers (device ids) among its events: one reader's ten views are one reader. */
  readers: number;
  views: number;
  reads: number;
  /** Averages over the read events, in seconds and percent; null without reads. */
  avg_duration: number | null;
  avg_percent: number | null;
  exposes: number;
  /** The app-launch funnel. */
  attempts: number;
  opened: number;
  fell_back: number;
  last_at: string;
};

export const STATS_LIMIT = 200;

/**
 * Narrows the statistics to one user's events (`userId`, '' for anonymous visitors) or to some readers' (`deviceIds`),
 * so one browsing session can be read apart from everyone else's.
 */
export type StatsFilter = { userId?: string; deviceIds?: string[] };

const FILTERED = `(@userId IS NULL OR e.user_id = @userId)
  AND (@deviceIds IS NULL OR e.device_id IN (SELECT value FROM json_each(@deviceIds)))`;

const filterParams = (filter: StatsFilter) => ({
  userId: filter.userId ?? null,
  deviceIds: filter.deviceIds ? JSON.stringify(filter.deviceIds) : null,
});

/** Events without a device id count no reader: the site did not know whose they were. */
const READERS = "COUNT(DISTINCT NULLIF(e.device_id, ''))";

/** The counts behind the development statistics page, per content or page. */
export function contentStats(ctx: PlatformContext, filter: StatsFilter = {}): ContentStats[] {
  const rows = ctx.db
    .prepare(
      `SELECT e.content_id, e.path, COALESCE(c.title, '') AS title,
         ${READERS} AS readers,
         SUM(e.behavior = 'view') AS views,
         SUM(e.behavior = 'read') AS reads,
         ROUND(AVG(CASE WHEN e.behavior = 'read' THEN e.duration END), 1) AS avg_duration,
         ROUND(AVG(CASE WHEN e.behavior = 'read' THEN e.percent END), 1) AS avg_percent,
         SUM(e.behavior = 'expose') AS exposes,
         SUM(e.behavior = 'attempt') AS attempts,
         SUM(e.behavior = 'opened') AS opened,
         SUM(e.behavior = 'fell_back') AS fell_back,
         MAX(e.received_at) AS last_at
       FROM tracker_events e LEFT JOIN contents c ON c.id = e.content_row_id
       WHERE ${FILTERED}
       GROUP BY e.content_id, e.path
       ORDER BY last_at DESC, e.content_id
       LIMIT ${STATS_LIMIT}`,
    )
    .all(filterParams(filter)) as ContentStats[];
  return rows;
}

/** Distinct readers over everything the filter takes in: a reader of two pages is one reader, not two. */
export function readerCount(ctx: PlatformContext, filter: StatsFilter = {}): number {
  const row = ctx.db.prepare(`SELECT ${READERS} AS readers FROM tracker_events e WHERE ${FILTERED}`).get(filterParams(filter)) as { readers: number };
  return row.readers;
}

/**
 * `POST /tracker/log`: the embedded stat base. Every event is checked (spec section 3's fields; content ids must
 * be ours) before any is stored, so a batch is kept whole or refused whole.
 */
export function trackerRoutes(ctx: PlatformContext): Router {
  const router = Router();
  const insert = ctx.db.prepare(
    `INSERT INTO tracker_events (behavior, content_id, content_row_id, path, duration, percent, user_id, device_id, anonymous_id, device_type, device_os, happened_at, received_at)
     VALUES (@behavior, @content_id, @content_row_id, @path, @duration, @percent, @user_id, @device_id, @anonymous_id, @device_type, @device_os, @happened_at, @received_at)`,
  );

  router.post(
    "/tracker/log",
    handle((req) => {
      const body = parseInput(trackerBody, req.body);
      const events = Array.isArray(body) ? body : [body];
      const receivedAt = ctx.now().toISOString();
      const rows = events.flatMap((event) => {
        if (event.user_id !== "" && ctx.ids.decode(event.user_id) === null) {
          throw new PlatformError(ErrorCode.badRequest, "参数 user_id 无效");
        }
        const ids = event.tid === "" ? [""] : event.tid.split("|");
        return ids.map((id) => {
          const rowId = id === "" ? null : ctx.ids.decode(id);
          if (id !== "" && rowId === null) throw new PlatformError(ErrorCode.badRequest, `参数 tid 含有无效的内容 id：${id}`);
          return {
            behavior: event.behavior,
            content_id: id,
            content_row_id: rowId,
            path: id === "" ? (event.path ?? "") : "",
            duration: event.duration ?? null,
            percent: event.percent ?? null,
            user_id: event.user_id,
            device_id: event.device_id,
            anonymous_id: event.anonymous_id,
            device_type: event.device_type,
            device_os: event.device_os,
            happened_at: new Date(event.timestamp * 1000).toISOString(),
            received_at: receivedAt,
          };
        });
      });
      ctx.db.transaction(() => {
        for (const row of rows) insert.run(row);
      })();
      return { accepted: events.length };
    }),
  );
  return router;
}
