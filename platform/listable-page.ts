import type { PlatformContext } from "./context";
import { CONTENT_COLUMNS, CONTENT_FROM, LISTABLE, toContent, type Content, type ContentRow } from "./content-shapes";

/** What selects and orders one list: SQL fragments over `c` (contents) with named parameters. */
export type ListQuery = { where: string; order: string; params: Record<string, unknown> };

/** One page (1-based) of listable content (published, not scheduled) and the total the list holds. */
export function listablePage(ctx: PlatformContext, query: ListQuery, page: number, size: number): { list: Content[]; total: number } {
  const bound = { ...query.params, now: ctx.now().toISOString(), limit: size, offset: (page - 1) * size };
  const from = `${CONTENT_FROM} WHERE ${LISTABLE} AND (${query.where})`;
  const rows = ctx.db.prepare(`SELECT ${CONTENT_COLUMNS} FROM ${from} ORDER BY ${query.order} LIMIT @limit OFFSET @offset`).all(bound);
  const { total } = ctx.db.prepare(`SELECT COUNT(*) AS total FROM ${from}`).get(bound) as { total: number };
  return { list: (rows as ContentRow[]).map((row) => toContent(ctx, row)), total };
}
