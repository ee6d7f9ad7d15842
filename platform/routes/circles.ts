import { Router } from "express";
import { z } from "zod";
import type { PlatformContext } from "../context";
import { ErrorCode, PlatformError, handle } from "../envelope";
import { requireToken } from "../tokens";
import { intQuery, optionalText, parseInput } from "../validation";

/**
 * The community (dimim) under /circle/v1/api/share. The spec names only `content/detail`; the other paths and
 * every shape are ours (docs/platform-api.md, "Community").
 */

const BASE = "/circle/v1/api/share";
const DEFAULT_PAGE_SIZE = 10;
const MAX_PAGE_SIZE = 50;
const MAX_TOPIC_NAME = 32;

const paging = { page: intQuery(1, 1, 100_000), size: intQuery(DEFAULT_PAGE_SIZE, 1, MAX_PAGE_SIZE) };
const idQuery = z.object({ id: z.string({ required_error: "缺少参数 id" }).min(1).max(64) });
const repliesQuery = z.object({ ...paging, id: z.string({ required_error: "缺少参数 id" }).min(1).max(64) });
const postsQuery = z
  .object({ ...paging, circle_id: optionalText(64), topic_id: optionalText(64) })
  .refine((q) => (q.circle_id === undefined) !== (q.topic_id === undefined), { message: "参数 circle_id 和 topic_id 须且只须给出一个" });
const topicQuery = z
  .object({ id: optionalText(64), name: optionalText(MAX_TOPIC_NAME) })
  .refine((q) => q.id !== undefined || q.name !== undefined, { message: "缺少参数 id 或 name" });

type PostRow = {
  id: number;
  circle_id: number;
  circle_name: string;
  circle_avatar: string;
  user_id: number;
  alias: string;
  avatar: string;
  content: string;
  images: string;
  video: string | null;
  ip_location: string;
  view_count: number;
  like_count: number;
  reply_count: number;
  publish_at: string;
  topics: string;
};

/** Bind `@now`: replies count once they are written. */
const POST_SELECT = `SELECT p.id, p.circle_id, c.name AS circle_name, c.avatar AS circle_avatar, p.user_id, u.alias, u.avatar,
    p.content, p.images, p.video, p.ip_location, p.view_count, p.like_count, p.publish_at,
    (SELECT COUNT(*) FROM circle_replies r WHERE r.post_id = p.id AND r.created_at <= @now) AS reply_count,
    (SELECT json_group_array(json_object('id', t.id, 'name', t.name))
       FROM circle_post_topics pt JOIN circle_topics t ON t.id = pt.topic_id WHERE pt.post_id = p.id) AS topics
  FROM circle_posts p
  JOIN circles c ON c.id = p.circle_id
  JOIN users u ON u.id = p.user_id`;
/** Published and not scheduled for later; bind `@now`. */
const VISIBLE = "p.state = 1 AND p.publish_at <= @now";

type CircleRow = { id: number; name: string; description: string; avatar: string; cover: string; member_count: number };
type TopicRow = { id: number; name: string; description: string; cover: string };
type ReplyRow = {
  id: number;
  user_id: number;
  alias: string;
  avatar: string;
  reply_alias: string | null;
  content: string;
  ip_location: string;
  like_count: number;
  created_at: string;
};

export function circleRoutes(ctx: PlatformContext): Router {
  const router = Router();
  const { db, ids } = ctx;
  const token = requireToken(ctx);
  const now = () => ctx.now().toISOString();

  function toPost(row: PostRow) {
    const video = row.video
      ? (JSON.parse(ctx.media(row.video)) as { url: string; poster: string; width: number; height: number; duration_sec: number })
      : null;
    return {
      post_id: ids.encode(row.id),
      circle: { circle_id: ids.encode(row.circle_id), name: row.circle_name, avatar: ctx.media(row.circle_avatar) },
      author: { user_id: ids.encode(row.user_id), alias: row.alias, avatar: ctx.media(row.avatar) },
      content: row.content,
      images: JSON.parse(ctx.media(row.images)) as { url: string; thumb: string; width: number; height: number }[],
      video,
      topics: (JSON.parse(row.topics) as { id: number; name: string }[]).map((t) => ({ topic_id: ids.encode(t.id), name: t.name })),
      ip_location: row.ip_location,
      view_count: row.view_count,
      like_count: row.like_count,
      reply_count: row.reply_count,
      publish_at: row.publish_at,
    };
  }

  function findCircle(id: string): CircleRow {
    const dbId = ids.decode(id);
    const row = dbId === null ? undefined : (db.prepare("SELECT * FROM circles WHERE id = ?").get(dbId) as CircleRow | undefined);
    if (!row) throw new PlatformError(ErrorCode.notFound, "圈子不存在");
    return row;
  }

  function findTopic(query: { id?: string; name?: string }): TopicRow {
    const dbId = query.id === undefined ? undefined : ids.decode(query.id);
    const row =
      dbId === null
        ? undefined
        : dbId !== undefined
          ? (db.prepare("SELECT id, name, description, cover FROM circle_topics WHERE id = ?").get(dbId) as TopicRow | undefined)
          : (db.prepare("SELECT id, name, description, cover FROM circle_topics WHERE name = ?").get(query.name) as TopicRow | undefined);
    if (!row) throw new PlatformError(ErrorCode.notFound, "话题不存在");
    return row;
  }

  function findPost(id: string) {
    const dbId = ids.decode(id);
    const row =
      dbId === null ? undefined : (db.prepare(`${POST_SELECT} WHERE ${VISIBLE} AND p.id = @id`).get({ id: dbId, now: now() }) as PostRow | undefined);
    if (!row) throw new PlatformError(ErrorCode.contentNotFound, "帖子不存在");
    return row;
  }

  router.get(
    `${BASE}/circle/detail`,
    token,
    handle((req) => {
      const row = findCircle(parseInput(idQuery, req.query).id);
      const { post_count } = db
        .prepare(`SELECT COUNT(*) AS post_count FROM circle_posts p WHERE p.circle_id = @circle AND ${VISIBLE}`)
        .get({ circle: row.id, now: now() }) as { post_count: number };
      return {
        circle_id: ids.encode(row.id),
        name: row.name,
        description: row.description,
        avatar: ctx.media(row.avatar),
        cover: ctx.media(row.cover),
        member_count: row.member_count,
        post_count,
      };
    }),
  );

  router.get(
    `${BASE}/topic/detail`,
    token,
    handle((req) => {
      const row = findTopic(parseInput(topicQuery, req.query));
      const stats = db
        .prepare(
          `SELECT COUNT(*) AS post_count, COALESCE(SUM(p.view_count), 0) AS view_count
          FROM circle_post_topics pt JOIN circle_posts p ON p.id = pt.post_id WHERE pt.topic_id = @topic AND ${VISIBLE}`,
        )
        .get({ topic: row.id, now: now() }) as { post_count: number; view_count: number };
      return { topic_id: ids.encode(row.id), name: row.name, description: row.description, cover: ctx.media(row.cover), ...stats };
    }),
  );

  router.get(
    `${BASE}/content/list`,
    token,
    handle((req) => {
      const query = parseInput(postsQuery, req.query);
      const where =
        query.circle_id !== undefined
          ? { sql: "p.circle_id = @key", key: findCircle(query.circle_id).id }
          : { sql: "p.id IN (SELECT post_id FROM circle_post_topics WHERE topic_id = @key)", key: findTopic({ id: query.topic_id }).id };
      const bound = { key: where.key, now: now(), limit: query.size, offset: (query.page - 1) * query.size };
      const rows = db
        .prepare(
          `${POST_SELECT} WHERE ${VISIBLE} AND ${where.sql}
           ORDER BY p.publish_at DESC, p.id DESC LIMIT @limit OFFSET @offset`,
        )
        .all(bound) as PostRow[];
      const { total } = db.prepare(`SELECT COUNT(*) AS total FROM circle_posts p WHERE ${VISIBLE} AND ${where.sql}`).get(bound) as { total: number };
      return { list: rows.map(toPost), total };
    }),
  );

  router.get(
    `${BASE}/content/detail`,
    token,
    handle((req) => toPost(findPost(parseInput(idQuery, req.query).id))),
  );

  router.get(
    `${BASE}/content/replies`,
    token,
    handle((req) => {
      const query = parseInput(repliesQuery, req.query);
      const post = findPost(query.id);
      const bound = { post: post.id, now: now(), limit: query.size, offset: (query.page - 1) * query.size };
      const rows = db
        .prepare(
          `SELECT r.id, r.user_id, u.alias, u.avatar, t.alias AS reply_alias, r.content, r.ip_location, r.like_count, r.created_at
           FROM circle_replies r JOIN users u ON u.id = r.user_id LEFT JOIN users t ON t.id = r.reply_to_user_id
           WHERE r.post_id = @post AND r.created_at <= @now ORDER BY r.created_at, r.id LIMIT @limit OFFSET @offset`,
        )
        .all(bound) as ReplyRow[];
      return {
        list: rows.map((r) => ({
          reply_id: ids.encode(r.id),
          author: { user_id: ids.encode(r.user_id), alias: r.alias, avatar: ctx.media(r.avatar) },
          reply_alias: r.reply_alias ?? "",
          content: r.content,
          ip_location: r.ip_location,
          like_count: r.like_count,
          created_at: r.created_at,
        })),
        total: post.reply_count,
      };
    }),
  );

  return router;
}
