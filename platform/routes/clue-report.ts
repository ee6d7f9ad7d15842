import { Router } from "express";
import { z } from "zod";
import type { PlatformContext } from "../context";
import { STATE_PUBLISHED } from "../content-shapes";
import { ErrorCode, PlatformError, handle } from "../envelope";
import { requireToken } from "../tokens";
import { intQuery, optionalText, parseInput } from "../validation";

/**
 * The clue report (tip-offs) under /peony/v3/clue_report. The spec names the calls but shows no shapes; these
 * are ours (docs/platform-api.md, "Clue report").
 */

const BASE = "/peony/v3/clue_report";
const DEFAULT_PAGE_SIZE = 10;
const MAX_PAGE_SIZE = 50;
const MAX_TOPIC_NAME = 32;

const paging = { page: intQuery(1, 1, 100_000), limit: intQuery(DEFAULT_PAGE_SIZE, 1, MAX_PAGE_SIZE) };
const postIdQuery = z.object({ post_id: z.string({ required_error: "缺少参数 post_id" }).min(1).max(64) });
const cluesQuery = z.object({
  ...paging,
  topic_name: optionalText(MAX_TOPIC_NAME),
  channel_id: optionalText(64),
  user_id: optionalText(64),
  sort: z.enum(["publish_at", "view_sum"], { errorMap: () => ({ message: "参数 sort 只能是 publish_at 或 view_sum" }) }).default("publish_at"),
});
const atTaQuery = z.object({ ...paging, user_id: z.string({ required_error: "缺少参数 user_id" }).min(1).max(64) });
const pageOnlyQuery = z.object(paging);
const relateQuery = z.object({ post_id: z.string({ required_error: "缺少参数 post_id" }).min(1).max(64), limit: intQuery(5, 1, 20) });

type ClueRow = {
  id: number;
  title: string;
  body: string;
  images: string;
  media_url: string;
  media_width: number;
  media_height: number;
  duration_sec: number;
  covers: string;
  view_count: number;
  like_count: number;
  collect_count: number;
  comment_count: number;
  comment_enabled: number;
  publish_at: string;
  location: string;
  happened_at: string;
  reporter_id: number;
  reporter_alias: string;
  reporter_avatar: string;
  channel_id: number;
  channel_name: string;
  topic_name: string;
  /** JSON [{ id, alias }] of the reporters the clue mentions. */
  mentions: string;
};

const CLUE_SELECT = `SELECT c.id, c.title, c.body, c.images, c.media_url, c.media_width, c.media_height, c.duration_sec, c.covers,
    c.view_count, c.like_count, c.collect_count, c.comment_count, c.comment_enabled, c.publish_at,
    cl.location, cl.happened_at, cl.reporter_id, u.alias AS reporter_alias, u.avatar AS reporter_avatar,
    ch.id AS channel_id, ch.name AS channel_name, t.name AS topic_name,
    (SELECT json_group_array(json_object('id', mu.id, 'alias', mu.alias))
       FROM clue_mentions m JOIN users mu ON mu.id = m.user_id WHERE m.content_id = c.id) AS mentions
  FROM clues cl
  JOIN contents c ON c.id = cl.content_id
  JOIN clue_channels ch ON ch.id = cl.channel_id
  JOIN clue_topics t ON t.id = ch.topic_id
  JOIN users u ON u.id = cl.reporter_id`;
/** Published and not scheduled for later; bind `@now`. */
const VISIBLE = `c.state = ${STATE_PUBLISHED} AND c.publish_at <= @now`;

const ORDER = { publish_at: "c.publish_at DESC, c.id DESC", view_sum: "c.view_count DESC, c.id DESC" } as const;

type TopicRow = { id: number; name: string; description: string; cover: string };

export function clueReportRoutes(ctx: PlatformContext): Router {
  const router = Router();
  const { db, ids } = ctx;
  const token = requireToken(ctx);
  const now = () => ctx.now().toISOString();

  function toClue(row: ClueRow) {
    const postId = ids.encode(row.id);
    const commentsOpen = row.comment_enabled === 1;
    const pictures = JSON.parse(ctx.media(row.images)) as { url: string; thumb: string; width: number; height: number }[];
    const poster = (JSON.parse(ctx.media(row.covers)) as { url: string }[])[0]?.url ?? "";
    return {
      post_id: postId,
      content_type: "clue_report",
      title: row.title,
      content: row.body,
      location: row.location,
      happened_at: row.happened_at,
      publish_at: row.publish_at,
      view_sum: row.view_count,
      like_count: row.like_count,
      collect_count: row.collect_count,
      comment_count: row.comment_count,
      images: pictures.map(({ url, thumb, width, height }) => ({ url, thumb, width, height })),
      video: row.media_url
        ? { url: ctx.media(row.media_url), poster, width: row.media_width, height: row.media_height, duration_sec: row.duration_sec }
        : null,
      reporter: { user_id: ids.encode(row.reporter_id), alias: row.reporter_alias, avatar: ctx.media(row.reporter_avatar) },
      topic_name: row.topic_name,
      channel: { channel_id: ids.encode(row.channel_id), name: row.channel_name },
      at_users: (JSON.parse(row.mentions) as { id: number; alias: string }[]).map((m) => ({ user_id: ids.encode(m.id), alias: m.alias })),
      track_id: postId,
      meta: { comment_available: commentsOpen ? "true" : "false" },
      enable_comment: commentsOpen,
    };
  }

  function cluePage(where: string, params: Record<string, unknown>, sort: keyof typeof ORDER, page: number, limit: number) {
    const bound = { ...params, now: now(), limit, offset: (page - 1) * limit };
    const rows = db
      .prepare(`${CLUE_SELECT} WHERE ${VISIBLE} AND ${where} ORDER BY ${ORDER[sort]} LIMIT @limit OFFSET @offset`)
      .all(bound) as ClueRow[];
    const { total } = db
      .prepare(
        `SELECT COUNT(*) AS total FROM clues cl JOIN contents c ON c.id = cl.content_id
        JOIN clue_channels ch ON ch.id = cl.channel_id WHERE ${VISIBLE} AND ${where}`,
      )
      .get(bound) as { total: number };
    return { list: rows.map(toClue), total };
  }

  function findClue(postId: string): ClueRow {
    const id = ids.decode(postId);
    const row =
      id === null ? undefined : (db.prepare(`${CLUE_SELECT} WHERE ${VISIBLE} AND c.id = @id`).get({ id, now: now() }) as ClueRow | undefined);
    if (!row) throw new PlatformError(ErrorCode.contentNotFound, "爆料不存在");
    return row;
  }

  function findTopic(name: string): TopicRow {
    const row =
      name.length > MAX_TOPIC_NAME
        ? undefined
        : (db.prepare("SELECT id, name, description, cover FROM clue_topics WHERE name = ?").get(name) as TopicRow | undefined);
    if (!row) throw new PlatformError(ErrorCode.notFound, "话题不存在");
    return row;
  }

  function findReporterId(userId: string): number {
    const id = ids.decode(userId);
    const row = id === null ? undefined : db.prepare("SELECT user_id FROM clue_reporters WHERE user_id = ?").get(id);
    if (id === null || !row) throw new PlatformError(ErrorCode.notFound, "爆料人不存在");
    return id;
  }

  function toTopic(row: TopicRow) {
    const stats = db
      .prepare(
        `SELECT COUNT(*) AS clue_count, COALESCE(SUM(c.view_count), 0) AS view_sum FROM clues cl
        JOIN contents c ON c.id = cl.content_id JOIN clue_channels ch ON ch.id = cl.channel_id
        WHERE ${VISIBLE} AND ch.topic_id = @topic`,
      )
      .get({ topic: row.id, now: now() }) as { clue_count: number; view_sum: number };
    const channels = db
      .prepare(
        `SELECT ch.id, ch.name, (SELECT COUNT(*) FROM clues cl JOIN contents c ON c.id = cl.content_id
          WHERE cl.channel_id = ch.id AND ${VISIBLE}) AS clue_count
        FROM clue_channels ch WHERE ch.topic_id = @topic ORDER BY ch.sort`,
      )
      .all({ topic: row.id, now: now() }) as { id: number; name: string; clue_count: number }[];
    return {
      topic_name: row.name,
      description: row.description,
      cover: ctx.media(row.cover),
      ...stats,
      channel_list: channels.map((c) => ({ channel_id: ids.encode(c.id), name: c.name, clue_count: c.clue_count })),
    };
  }

  router.get(
    `${BASE}/detail`,
    token,
    handle((req) => toClue(findClue(parseInput(postIdQuery, req.query).post_id))),
  );

  router.get(
    `${BASE}/recommend_topics`,
    token,
    handle((req) => {
      const query = parseInput(pageOnlyQuery, req.query);
      const rows = db
        .prepare("SELECT id, name, description, cover FROM clue_topics WHERE recommend_sort > 0 ORDER BY recommend_sort LIMIT ? OFFSET ?")
        .all(query.limit, (query.page - 1) * query.limit) as TopicRow[];
      const { total } = db.prepare("SELECT COUNT(*) AS total FROM clue_topics WHERE recommend_sort > 0").get() as { total: number };
      return { list: rows.map(toTopic), total };
    }),
  );

  router.get(
    `${BASE}/topic/:name`,
    token,
    handle((req) => toTopic(findTopic(req.params.name))),
  );

  router.get(
    `${BASE}/user/:id`,
    token,
    handle((req) => {
      const id = findReporterId(req.params.id);
      const row = db
        .prepare(
          `SELECT u.id, u.alias, u.avatar, r.intro, r.location,
            (SELECT COUNT(*) FROM clues cl JOIN contents c ON c.id = cl.content_id WHERE cl.reporter_id = u.id AND ${VISIBLE}) AS clue_count,
            (SELECT COALESCE(SUM(c.view_count), 0) FROM clues cl JOIN contents c ON c.id = cl.content_id
              WHERE cl.reporter_id = u.id AND ${VISIBLE}) AS view_sum,
            (SELECT COUNT(*) FROM clue_mentions m JOIN contents c ON c.id = m.content_id WHERE m.user_id = u.id AND ${VISIBLE}) AS at_count
          FROM users u JOIN clue_reporters r ON r.user_id = u.id WHERE u.id = @id`,
        )
        .get({ id, now: now() }) as {
        id: number;
        alias: string;
        avatar: string;
        intro: string;
        location: string;
        clue_count: number;
        view_sum: number;
        at_count: number;
      };
      const { id: rowId, avatar, ...profile } = row;
      return { user_id: ids.encode(rowId), avatar: ctx.media(avatar), ...profile };
    }),
  );

  router.get(
    `${BASE}/clues`,
    token,
    handle((req) => {
      const query = parseInput(cluesQuery, req.query);
      const where: string[] = ["1 = 1"];
      const params: Record<string, unknown> = {};
      if (query.topic_name !== undefined) {
        params.topic = findTopic(query.topic_name).id;
        where.push("ch.topic_id = @topic");
      }
      if (query.channel_id !== undefined) {
        const channel = ids.decode(query.channel_id);
        const known =
          channel !== null &&
          db
            .prepare("SELECT 1 FROM clue_channels WHERE id = ? AND (? IS NULL OR topic_id = ?)")
            .get(channel, params.topic ?? null, params.topic ?? null);
        if (!known) throw new PlatformError(ErrorCode.notFound, "频道不存在");
        params.channel = channel;
        where.push("cl.channel_id = @channel");
      }
      if (query.user_id !== undefined) {
        params.reporter = findReporterId(query.user_id);
        where.push("cl.reporter_id = @reporter");
      }
      return cluePage(where.join(" AND "), params, query.sort, query.page, query.limit);
    }),
  );

  router.get(
    `${BASE}/at_ta_clues`,
    token,
    handle((req) => {
      const query = parseInput(atTaQuery, req.query);
      const user = findReporterId(query.user_id);
      return cluePage("c.id IN (SELECT content_id FROM clue_mentions WHERE user_id = @user)", { user }, "publish_at", query.page, query.limit);
    }),
  );

  router.get(
    `${BASE}/relate_posts`,
    token,
    handle((req) => {
      const query = parseInput(relateQuery, req.query);
      const clue = findClue(query.post_id);
      // Other clues of the same topic, most read first.
      const { list } = cluePage(
        "c.id != @id AND ch.topic_id = (SELECT topic_id FROM clue_channels WHERE id = @channel)",
        { id: clue.id, channel: clue.channel_id },
        "view_sum",
        1,
        query.limit,
      );
      return { list };
    }),
  );

  return router;
}
