import { Router } from "express";
import { z } from "zod";
import type { PlatformContext } from "../context";
import { ErrorCode, PlatformError, handle } from "../envelope";
import { requireToken, requireUser, sessionOf, userIdOf } from "../tokens";
import { optionalText, pageQuery, parseInput } from "../validation";
import { findPublishedContent } from "./content";

const MAX_COMMENT_LENGTH = 500;
const PREVIEW_REPLIES = 2;
const RATE_WINDOW_MS = 60_000;
const RATE_LIMIT = 5;

const commentBody = z.object({
  track_id: optionalText(64),
  comment_type: z
    .union([z.literal(1), z.literal(2), z.literal("1"), z.literal("2")], { errorMap: () => ({ message: "参数 comment_type 无效" }) })
    .transform((type) => Number(type) as 1 | 2),
  content: z
    .string({ required_error: "评论内容不能为空", invalid_type_error: "评论内容不能为空" })
    // Plain text only: normalise line breaks and drop control characters, keep everything else verbatim.
    .transform((text) =>
      text
        .replace(/\r\n?/g, "\n")
        .replace(/[\u0000-\u0008\u000b-\u001f\u007f]/g, "")
        .trim(),
    )
    .refine((text) => text.length > 0, "评论内容不能为空")
    .refine((text) => [...text].length <= MAX_COMMENT_LENGTH, `评论内容不能超过${MAX_COMMENT_LENGTH}字`),
  target_user_id: optionalText(64),
  target_user_alias: optionalText(64),
  parent_id: optionalText(64),
});

const starBody = z.object({
  cid: z.string().min(1).max(64),
  type: z.enum(["add", "del"], { errorMap: () => ({ message: "参数 type 只能是 add 或 del" }) }),
});

type CommentRow = {
  id: number;
  user_id: number;
  parent_id: number | null;
  target_user_id: number | null;
  content: string;
  ip_location: string;
  star_count: number;
  reply_count: number;
  created_at: string;
  alias: string;
  avatar: string;
  mp_name: string | null;
  target_alias: string | null;
  starred: number;
};

export type Comment = {
  gid: string;
  content: string;
  alias: string;
  avatar: string;
  user: { mp_name: string };
  created_at: string;
  ip_location: string;
  star: boolean;
  star_count: number;
  reply_count: number;
  owner_user_id: string;
  comment_type: 1 | 2;
  level: 1 | 2;
  reply_alias: string;
  target_user_id: string;
  parent_id: string;
  replys: Comment[];
};

const COMMENT_SELECT = `SELECT cm.*, u.alias, u.avatar, oa.name AS mp_name, tu.alias AS target_alias,
    EXISTS (SELECT 1 FROM comment_stars s WHERE s.comment_id = cm.id AND s.user_id = @viewer) AS starred
  FROM comments cm
  JOIN users u ON u.id = cm.user_id
  LEFT JOIN official_accounts oa ON oa.id = u.official_account_id
  LEFT JOIN users tu ON tu.id = cm.target_user_id`;

export function commentRoutes(ctx: PlatformContext): Router {
  const router = Router();
  const db = ctx.db;
  const { ids } = ctx;

  function toComment(row: CommentRow, replys: Comment[]): Comment {
    const level = row.parent_id === null ? 1 : 2;
    return {
      gid: ids.encode(row.id),
      content: row.content,
      alias: row.alias,
      avatar: ctx.media(row.avatar),
      user: { mp_name: row.mp_name ?? "" },
      created_at: row.created_at,
      ip_location: row.ip_location,
      star: row.starred === 1,
      star_count: row.star_count,
      reply_count: row.reply_count,
      owner_user_id: ids.encode(row.user_id),
      comment_type: level,
      level,
      reply_alias: row.target_alias ?? "",
      target_user_id: row.target_user_id === null ? "" : ids.encode(row.target_user_id),
      parent_id: row.parent_id === null ? "" : ids.encode(row.parent_id),
      replys,
    };
  }

  function replies(parentId: number, viewer: number | null, limit: number, offset: number): Comment[] {
    const rows = db
      .prepare(`${COMMENT_SELECT} WHERE cm.parent_id = @parentId ORDER BY cm.created_at ASC, cm.id ASC LIMIT @limit OFFSET @offset`)
      .all({ parentId, viewer, limit, offset }) as CommentRow[];
    return rows.map((row) => toComment(row, []));
  }

  function findTopLevel(contentId: number, gid: string): { id: number; user_id: number } {
    const id = ids.decode(gid);
    const row =
      id === null
        ? undefined
        : (db.prepare("SELECT id, user_id FROM comments WHERE id = ? AND content_id = ? AND parent_id IS NULL").get(id, contentId) as
            { id: number; user_id: number } | undefined);
    if (!row) throw new PlatformError(ErrorCode.notFound, "评论不存在");
    return row;
  }

  router.get(
    "/peony/v1/comment/:post_id",
    requireToken(ctx),
    handle((req, res) => {
      const query = parseInput(pageQuery(10), req.query);
      const content = findPublishedContent(ctx, req.params.post_id);
      const viewer = sessionOf(res).userId;
      const rows = db
        .prepare(
          `${COMMENT_SELECT} WHERE cm.content_id = @contentId AND cm.parent_id IS NULL
           ORDER BY cm.created_at DESC, cm.id DESC LIMIT @limit OFFSET @offset`,
        )
        .all({ contentId: content.id, viewer, limit: query.size, offset: (query.page - 1) * query.size }) as CommentRow[];
      const { total } = db.prepare("SELECT COUNT(*) AS total FROM comments WHERE content_id = ? AND parent_id IS NULL").get(content.id) as {
        total: number;
      };
      return { list: rows.map((row) => toComment(row, replies(row.id, viewer, PREVIEW_REPLIES, 0))), total };
    }),
  );

  router.get(
    "/peony/v1/comment/:post_id/:cid",
    requireToken(ctx),
    handle((req, res) => {
      const query = parseInput(pageQuery(10), req.query);
      const content = findPublishedContent(ctx, req.params.post_id);
      const parent = findTopLevel(content.id, req.params.cid);
      const { total } = db.prepare("SELECT COUNT(*) AS total FROM comments WHERE parent_id = ?").get(parent.id) as { total: number };
      return { list: replies(parent.id, sessionOf(res).userId, query.size, (query.page - 1) * query.size), total };
    }),
  );

  router.post(
    "/peony/v1/comment/:post_id",
    requireUser(ctx),
    handle((req, res) => {
      const body = parseInput(commentBody, req.body);
      const userId = userIdOf(res);
      const content = findPublishedContent(ctx, req.params.post_id);
      if (content.comment_enabled !== 1) throw new PlatformError(ErrorCode.forbidden, "评论已关闭");
      if (body.track_id !== undefined && body.track_id !== req.params.post_id) {
        throw new PlatformError(ErrorCode.badRequest, "参数 track_id 与内容不符");
      }

      const now = ctx.now();
      const recent = db
        .prepare("SELECT COUNT(*) AS n, MIN(created_at) AS oldest FROM comments WHERE user_id = ? AND created_at > ?")
        .get(userId, new Date(now.getTime() - RATE_WINDOW_MS).toISOString()) as { n: number; oldest: string | null };
      if (recent.n >= RATE_LIMIT && recent.oldest) {
        const seconds = Math.max(1, Math.ceil((Date.parse(recent.oldest) + RATE_WINDOW_MS - now.getTime()) / 1000));
        throw new PlatformError(ErrorCode.tooManyRequests, `评论过于频繁，请${seconds}秒后再试`);
      }

      let parentId: number | null = null;
      let targetUserId: number | null = null;
      if (body.comment_type === 1) {
        if (body.parent_id !== undefined || body.target_user_id !== undefined) {
          throw new PlatformError(ErrorCode.badRequest, "comment_type 为 1 时不能指定 parent_id 或 target_user_id");
        }
      } else {
        if (body.parent_id === undefined) throw new PlatformError(ErrorCode.badRequest, "回复评论需要指定 parent_id");
        const parent = findTopLevel(content.id, body.parent_id);
        parentId = parent.id;
        targetUserId = parent.user_id;
        if (body.target_user_id !== undefined) {
          // The answered user must have written the comment or one of its replies.
          const target = ids.decode(body.target_user_id);
          const inThread =
            target !== null &&
            (target === parent.user_id ||
              db.prepare("SELECT 1 FROM comments WHERE parent_id = ? AND user_id = ? LIMIT 1").get(parent.id, target) !== undefined);
          if (!inThread) throw new PlatformError(ErrorCode.badRequest, "参数 target_user_id 无效");
          targetUserId = target;
        }
      }

      const commentId = db.transaction(() => {
        const result = db
          .prepare(
            `INSERT INTO comments (content_id, user_id, parent_id, target_user_id, content, created_at)
             VALUES (?, ?, ?, ?, ?, ?)`,
          )
          .run(content.id, userId, parentId, targetUserId, body.content, now.toISOString());
        db.prepare("UPDATE contents SET comment_count = comment_count + 1 WHERE id = ?").run(content.id);
        if (parentId !== null) db.prepare("UPDATE comments SET reply_count = reply_count + 1 WHERE id = ?").run(parentId);
        return Number(result.lastInsertRowid);
      })();
      const row = db.prepare(`${COMMENT_SELECT} WHERE cm.id = @id`).get({ id: commentId, viewer: userId }) as CommentRow;
      return toComment(row, []);
    }),
  );

  router.post(
    "/peony/v1/star",
    requireUser(ctx),
    handle((req, res) => {
      const body = parseInput(starBody, req.body);
      const userId = userIdOf(res);
      const id = ids.decode(body.cid);
      const comment = id === null ? undefined : db.prepare("SELECT id FROM comments WHERE id = ?").get(id);
      if (id === null || !comment) throw new PlatformError(ErrorCode.notFound, "评论不存在");
      db.transaction(() => {
        if (body.type === "add") {
          const added = db
            .prepare("INSERT OR IGNORE INTO comment_stars (user_id, comment_id, created_at) VALUES (?, ?, ?)")
            .run(userId, id, ctx.now().toISOString()).changes;
          if (added) db.prepare("UPDATE comments SET star_count = star_count + 1 WHERE id = ?").run(id);
        } else {
          const removed = db.prepare("DELETE FROM comment_stars WHERE user_id = ? AND comment_id = ?").run(userId, id).changes;
          if (removed) db.prepare("UPDATE comments SET star_count = MAX(star_count - 1, 0) WHERE id = ?").run(id);
        }
      })();
      const { star_count } = db.prepare("SELECT star_count FROM comments WHERE id = ?").get(id) as { star_count: number };
      return { star: body.type === "add", star_count };
    }),
  );

  return router;
}
