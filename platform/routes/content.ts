import { Router } from "express";
import { z } from "zod";
import type { PlatformContext } from "../context";
import {
  CONTENT_COLUMNS,
  CONTENT_FROM,
  LISTABLE,
  type Content,
  STATE_DRAFT,
  STATE_PUBLISHED,
  toContent,
  toContentDetail,
  toContentWithMedia,
  type ContentRow,
} from "../content-shapes";
import { ErrorCode, PlatformError, handle } from "../envelope";
import { findPreviewable } from "../preview";
import { requireToken, sessionOf } from "../tokens";
import { intQuery, pageQuery, parseInput } from "../validation";

const HOT_WINDOW_MS = 72 * 60 * 60 * 1000;

const listQuery = z.object({
  gid: z.string().max(64).optional(),
  pageindex: intQuery(1, 1, 100_000),
  pagesize: intQuery(10, 1, 50),
});
const relatedQuery = z.object({ size: intQuery(5, 1, 20) });
const itemsQuery = pageQuery(30).extend({ section: z.string().max(64).optional() });
// Spec section 9: a special topic opens with pagesize and batch_size 50.
const specialQuery = z.object({
  pagesize: intQuery(50, 1, 50),
  batch_size: intQuery(50, 1, 50),
  batch_index: intQuery(1, 1, 100_000),
});
const previewQuery = z.object({ preview: z.string({ required_error: "缺少参数 preview" }).min(1, "缺少参数 preview") });
/** The side lists of a detail page leave out the page itself (`exclude`, a post id; one that does not decode excludes nothing). */
const sideListQuery = (defaultSize: number) => pageQuery(defaultSize).extend({ exclude: z.string().max(64).optional() });
const userRelatedParams = z.object({ type: z.string().regex(/^[a-z_]{1,32}$/, "参数 type 无效"), post_id: z.string() });

const contentNotFound = () => new PlatformError(ErrorCode.contentNotFound, "内容不存在");

/**
 * Finds a content by its public id in any state but draft (drafts open only through a preview link); code 10024
 * when the id does not decode or nothing matches.
 */
function findContent(ctx: PlatformContext, postId: string): ContentRow {
  const id = ctx.ids.decode(postId);
  const row =
    id === null
      ? undefined
      : (ctx.db.prepare(`SELECT ${CONTENT_COLUMNS} FROM ${CONTENT_FROM} WHERE c.id = ? AND c.state != ?`).get(id, STATE_DRAFT) as
          ContentRow | undefined);
  if (!row) throw contentNotFound();
  return row;
}

/** Like findContent, but only content that is published: interactions with offline content are refused. */
export function findPublishedContent(ctx: PlatformContext, postId: string): ContentRow {
  const row = findContent(ctx, postId);
  if (row.state !== STATE_PUBLISHED || row.publish_at > ctx.now().toISOString()) {
    throw contentNotFound();
  }
  return row;
}

export function contentRoutes(ctx: PlatformContext): Router {
  const router = Router();
  const db = ctx.db;
  const token = requireToken(ctx);

  /** One page of listable content; `shape` may add fields to each item (album episodes carry their media). */
  function page(
    where: string,
    order: string,
    params: Record<string, unknown>,
    pageIndex: number,
    size: number,
    shape: (ctx: PlatformContext, row: ContentRow) => Content = toContent,
  ) {
    const now = ctx.now().toISOString();
    const bound = { ...params, now, limit: size, offset: (pageIndex - 1) * size };
    const rows = db
      .prepare(`SELECT ${CONTENT_COLUMNS} FROM ${CONTENT_FROM} WHERE ${LISTABLE} AND ${where} ORDER BY ${order} LIMIT @limit OFFSET @offset`)
      .all(bound) as ContentRow[];
    const { total } = db.prepare(`SELECT COUNT(*) AS total FROM ${CONTENT_FROM} WHERE ${LISTABLE} AND ${where}`).get(bound) as {
      total: number;
    };
    return { list: rows.map((row) => shape(ctx, row)), total };
  }

  /** The database id to leave out of a side list; 0 (no content has it) when none is given or it does not decode. */
  function excludedId(postId: string | undefined): number {
    return (postId && ctx.ids.decode(postId)) || 0;
  }

  function groupIdOf(gid: string | undefined): number | null {
    if (gid === undefined || gid === "") return null;
    const id = ctx.ids.decode(gid);
    const group = id === null ? undefined : db.prepare("SELECT id FROM content_groups WHERE id = ?").get(id);
    if (id === null || !group) throw new PlatformError(ErrorCode.notFound, "栏目不存在");
    return id;
  }

  router.get(
    "/peony/v1/content",
    token,
    handle((req) => {
      const query = parseInput(listQuery, req.query);
      const groupId = groupIdOf(query.gid);
      const where = groupId === null ? "1 = 1" : "c.id IN (SELECT content_id FROM content_group_items WHERE group_id = @groupId)";
      return page(where, "c.publish_at DESC, c.id DESC", { groupId }, query.pageindex, query.pagesize);
    }),
  );

  router.get(
    "/peony/v1/recommend",
    token,
    handle((req) => {
      const query = parseInput(sideListQuery(10), req.query);
      const exclude = excludedId(query.exclude);
      const { list, total } = page("c.recommended = 1 AND c.id != @exclude", "c.publish_at DESC, c.id DESC", { exclude }, query.page, query.size);
      return { news: list, total };
    }),
  );

  router.get(
    "/peony/v1/hot72",
    token,
    handle((req) => {
      const query = parseInput(sideListQuery(10), req.query);
      const since = new Date(ctx.now().getTime() - HOT_WINDOW_MS).toISOString();
      const exclude = excludedId(query.exclude);
      const { list, total } = page(
        "c.publish_at > @since AND c.id != @exclude",
        "c.view_count DESC, c.publish_at DESC",
        { since, exclude },
        query.page,
        query.size,
      );
      return { news: list, total };
    }),
  );

  router.get(
    "/peony/v1/content/:post_id",
    token,
    handle((req) => toContentDetail(ctx, findContent(ctx, req.params.post_id))),
  );

  router.get(
    "/peony/v1/content/:post_id/related",
    token,
    handle((req) => {
      const query = parseInput(relatedQuery, req.query);
      const content = findContent(ctx, req.params.post_id);
      // Content sharing a group ranks first, then content of the same type; newest first within each.
      const rows = db
        .prepare(
          `SELECT ${CONTENT_COLUMNS},
             EXISTS (SELECT 1 FROM content_group_items a JOIN content_group_items b ON a.group_id = b.group_id
                     WHERE a.content_id = c.id AND b.content_id = @id) AS same_group
           FROM ${CONTENT_FROM}
           WHERE ${LISTABLE} AND c.id != @id AND (same_group OR c.content_type = @type)
           ORDER BY same_group DESC, c.publish_at DESC, c.id DESC LIMIT @size`,
        )
        .all({ id: content.id, type: content.content_type, now: ctx.now().toISOString(), size: query.size }) as ContentRow[];
      return { list: rows.map((row) => toContent(ctx, row)) };
    }),
  );

  /** An album's episodes or a special's cards (of one section, when given), in their order. */
  function childrenPage(parentId: number, sectionId: number | null, pageIndex: number, size: number) {
    const inSection = sectionId === null ? "" : " AND section_id = @sectionId";
    return page(
      `c.id IN (SELECT child_id FROM content_children WHERE parent_id = @parentId${inSection})`,
      "(SELECT sort FROM content_children WHERE parent_id = @parentId AND child_id = c.id)",
      { parentId, sectionId },
      pageIndex,
      size,
      toContentWithMedia,
    );
  }

  /** The id of a special's section from its public id; code 404 when it is not one of this special's. */
  function sectionIdOf(specialId: number, section: string): number {
    const id = ctx.ids.decode(section);
    const found = id !== null && db.prepare("SELECT 1 FROM special_sections WHERE id = ? AND special_id = ?").get(id, specialId);
    if (id === null || !found) throw new PlatformError(ErrorCode.notFound, "专题栏目不存在");
    return id;
  }

  router.get(
    "/peony/v1/content/:post_id/items",
    token,
    handle((req) => {
      const query = parseInput(itemsQuery, req.query);
      const content = findContent(ctx, req.params.post_id);
      const sectionId = query.section === undefined ? null : sectionIdOf(content.id, query.section);
      return childrenPage(content.id, sectionId, query.page, query.size);
    }),
  );

  router.get(
    "/peony/v1/special/:post_id",
    token,
    handle((req) => {
      const query = parseInput(specialQuery, req.query);
      const special = findContent(ctx, req.params.post_id);
      if (special.content_type !== "special") throw contentNotFound();
      const sections = db
        .prepare("SELECT id, name FROM special_sections WHERE special_id = ? ORDER BY sort, id LIMIT ? OFFSET ?")
        .all(special.id, query.batch_size, (query.batch_index - 1) * query.batch_size) as { id: number; name: string }[];
      const { total } = db.prepare("SELECT COUNT(*) AS total FROM special_sections WHERE special_id = ?").get(special.id) as {
        total: number;
      };
      return {
        special: toContentDetail(ctx, special),
        sections: sections.map((section) => ({
          section_id: ctx.ids.encode(section.id),
          name: section.name,
          ...childrenPage(special.id, section.id, 1, query.pagesize),
        })),
        total_sections: total,
      };
    }),
  );

  router.get(
    "/peony/v1/preview/content/:post_id",
    token,
    handle((req) => {
      const query = parseInput(previewQuery, req.query);
      const found = findPreviewable(ctx, req.params.post_id, query.preview);
      if (!found) throw contentNotFound();
      return { ...toContentDetail(ctx, found.row), expired_at: found.expiredAt.toISOString() };
    }),
  );

  router.get(
    "/peony/v3/content/:type/:post_id/user_related",
    token,
    handle((req, res) => {
      const params = parseInput(userRelatedParams, req.params);
      const content = findContent(ctx, params.post_id);
      const { userId } = sessionOf(res);
      if (userId === null) return { is_collect: false, is_like: false };
      const has = (table: string) => db.prepare(`SELECT 1 FROM ${table} WHERE user_id = ? AND content_id = ?`).get(userId, content.id) !== undefined;
      return { is_collect: has("collections"), is_like: has("content_likes") };
    }),
  );

  return router;
}
