import type { PlatformContext } from "./context";
import { CONTENT_COLUMNS, CONTENT_FROM, LISTABLE, toContent, type Content, type ContentRow } from "./content-shapes";

/** The published local_live contents whose broadcast is live now, longest running first: what a host prints to try. */
export function liveNowContents(ctx: PlatformContext): Content[] {
  const now = ctx.now().toISOString();
  const rows = ctx.db
    .prepare(
      `SELECT ${CONTENT_COLUMNS} FROM ${CONTENT_FROM} JOIN live_rooms r ON r.content_id = c.id
       WHERE ${LISTABLE} AND r.start_time <= @now AND r.end_time > @now ORDER BY r.start_time, r.id`,
    )
    .all({ now }) as ContentRow[];
  return rows.map((row) => toContent(ctx, row));
}
