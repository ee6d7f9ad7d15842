import { Router } from "express";
import { z } from "zod";
import type { PlatformContext } from "../context";
import { ErrorCode, PlatformError, handle } from "../envelope";
import { liveEpoch, livePlaylist, LIVE_VARIANTS } from "../live-hls";
import {
  LIVE_ID_PATTERN,
  LiveStatus,
  MESSAGE_SELECT,
  findRoom,
  liveState,
  statusAt,
  toLiveMessage,
  toLivePost,
  unixSeconds,
  type LiveColumn,
  type MessageRow,
  type RoomRow,
} from "../live-rooms";
import type { LiveHub } from "../live-streams";
import { requireToken, requireUser, sessionOf, userIdOf } from "../tokens";
import { intQuery, parseInput } from "../validation";

const MAX_MESSAGE_LENGTH = 200;
/** Per user, across broadcasts: one message per 2 s and 20 per rolling minute. */
const MESSAGE_GAP_MS = 2_000;
const MESSAGES_PER_MINUTE = 20;
/** Per user: likes (the sum of `count`) per rolling minute; a tapping visitor's client sends one batch a second. */
const LIKES_PER_MINUTE = 600;
const MINUTE_MS = 60_000;
const BOOKING_LIST_LIMIT = 100;

const liveId = z
  .string({ required_error: "缺少参数 live_id", invalid_type_error: "参数 live_id 格式错误" })
  .regex(LIVE_ID_PATTERN, "参数 live_id 格式错误");
const liveQuery = z.object({ live_id: liveId });
const pageQuery = liveQuery.extend({
  before: z.string().max(64).optional(),
  pagesize: intQuery(20, 1, 50),
});
const sendBody = z.object({
  live_id: liveId,
  content: z
    .string({ required_error: "消息内容不能为空", invalid_type_error: "消息内容不能为空" })
    // One line of plain text: line breaks become spaces, other control characters go.
    .transform((text) =>
      text
        .replace(/[\r\n\t]+/g, " ")
        .replace(/[\u0000-\u001f\u007f]/g, "")
        .trim(),
    )
    .refine((text) => text.length > 0, "消息内容不能为空")
    .refine((text) => [...text].length <= MAX_MESSAGE_LENGTH, `消息内容不能超过${MAX_MESSAGE_LENGTH}字`),
});
const likeBody = z.object({
  live_id: liveId,
  msg_id: z.string().max(64).optional(),
  count: z.number({ required_error: "缺少参数 count", invalid_type_error: "参数 count 无效" }).int("参数 count 无效").min(1).max(100),
});
const bookingBody = z.object({
  booking_id: z
    .string({ required_error: "缺少参数 booking_id", invalid_type_error: "参数 booking_id 格式错误" })
    .regex(LIVE_ID_PATTERN, "参数 booking_id 格式错误"),
  booking_type: z.literal("live", { errorMap: () => ({ message: "参数 booking_type 只能是 live" }) }),
});
const streamQuery = liveQuery.extend({ last_event_id: z.string().optional() });
const lbsParams = z.object({ id: z.string().max(64) });

/** A stream's resume point: the Last-Event-ID header, else the `last_event_id` query; null to start fresh. */
function resumePoint(header: string | undefined, query: string | undefined): number | null {
  const value = header ?? query;
  if (value === undefined || value === "") return null;
  if (!/^\d{1,15}$/.test(value)) throw new PlatformError(ErrorCode.badRequest, "参数 last_event_id 格式错误");
  return Number(value);
}

type PlaceRow = { id: number; name: string; address: string; lat: number; lng: number; city: string; weather: string; temperature: number };

/**
 * The live broadcast calls: info, the host's posts (room), chat, sending, likes, booking, the broadcast's place and
 * weather, and its event stream; plus the live HLS playlists under media/live/.
 */
export function liveRoutes(ctx: PlatformContext, hub: LiveHub): Router {
  const router = Router();
  const { db } = ctx;
  const token = requireToken(ctx);
  const user = requireUser(ctx);

  function bookingCount(room: RoomRow): number {
    const { n } = db.prepare("SELECT COUNT(*) AS n FROM live_bookings WHERE room_id = ?").get(room.id) as { n: number };
    return room.booking_base + n;
  }

  function isBooked(room: RoomRow, userId: number | null): boolean {
    return userId !== null && db.prepare("SELECT 1 FROM live_bookings WHERE room_id = ? AND user_id = ?").get(room.id, userId) !== undefined;
  }

  function placeOf(id: string): PlaceRow {
    const rowId = ctx.ids.decode(id);
    const place = rowId === null ? undefined : (db.prepare("SELECT * FROM lbs_places WHERE id = ?").get(rowId) as PlaceRow | undefined);
    if (!place) throw new PlatformError(ErrorCode.notFound, "地点不存在");
    return place;
  }

  /**
   * A page of a room's posts or messages, newest first, before the one named by `before`, with the broadcast's event
   * id as of this read: a stream resumed from it carries every post and message this page does not have.
   */
  function messagePage(query: z.infer<typeof pageQuery>, kind: "post" | "message") {
    // One transaction: the id and the rows are one snapshot, also with a writer in another process.
    return db.transaction(() => {
      const room = findRoom(ctx, query.live_id);
      let beforeId = Number.MAX_SAFE_INTEGER;
      if (query.before !== undefined && query.before !== "") {
        const id = ctx.ids.decode(query.before);
        const found = id !== null && db.prepare("SELECT 1 FROM live_messages WHERE id = ? AND room_id = ? AND kind = ?").get(id, room.id, kind);
        if (id === null || !found) throw new PlatformError(ErrorCode.badRequest, "参数 before 无效");
        beforeId = id;
      }
      const rows = db
        .prepare(`${MESSAGE_SELECT} WHERE m.room_id = ? AND m.kind = ? AND m.id < ? ORDER BY m.id DESC LIMIT ?`)
        .all(room.id, kind, beforeId, query.pagesize + 1) as MessageRow[];
      const list = rows.slice(0, query.pagesize).map((row) => (kind === "post" ? toLivePost(ctx, row, room) : toLiveMessage(ctx, row)));
      return { list, has_more: rows.length > query.pagesize, last_event_id: room.event_seq };
    })();
  }

  /** Refuses a user's message or likes past a limit, saying how long to wait. */
  function refuseIfOver(used: number, limit: number, oldest: string | null, windowMs: number, what: string) {
    if (used < limit || oldest === null) return;
    const seconds = Math.max(1, Math.ceil((Date.parse(oldest) + windowMs - ctx.now().getTime()) / 1000));
    throw new PlatformError(ErrorCode.tooManyRequests, `${what}太频繁，请${seconds}秒后再试`);
  }

  router.get(
    "/peony/v3/live/info",
    token,
    handle((req, res) => {
      const { live_id } = parseInput(liveQuery, req.query);
      const room = findRoom(ctx, live_id);
      const content = db.prepare("SELECT title, summary, covers FROM contents WHERE id = ?").get(room.content_id) as {
        title: string;
        summary: string;
        covers: string;
      };
      const covers = JSON.parse(ctx.media(content.covers)) as { url: string }[];
      const state = liveState(ctx, room);
      return {
        live_id: room.live_id,
        group_id: room.group_id,
        title: content.title,
        summary: content.summary,
        cover: covers[0]?.url ?? "",
        style: room.style,
        status: state.status,
        start_time: state.start_time,
        end_time: state.end_time,
        countdown: { show: room.countdown_show === 1, title: room.countdown_title },
        online_count: room.online_count,
        like_count: room.like_count,
        stream_url: state.stream_url,
        playlists: state.playlists,
        columns: JSON.parse(room.columns) as LiveColumn[],
        host: { name: room.host_name, avatar: ctx.media(room.host_avatar) },
        lbs_id: room.lbs_id === null ? null : ctx.ids.encode(room.lbs_id),
        booked: isBooked(room, sessionOf(res).userId),
        booking_count: bookingCount(room),
      };
    }),
  );

  router.get(
    "/peony/v3/live/room",
    token,
    handle((req) => messagePage(parseInput(pageQuery, req.query), "post")),
  );

  router.get(
    "/peony/v3/live/chat",
    token,
    handle((req) => messagePage(parseInput(pageQuery, req.query), "message")),
  );

  router.post(
    "/peony/v3/live/send_msg",
    user,
    handle((req, res) => {
      const body = parseInput(sendBody, req.body);
      const userId = userIdOf(res);
      const room = findRoom(ctx, body.live_id);
      const status = statusAt(room, ctx.now());
      if (status === LiveStatus.upcoming) throw new PlatformError(ErrorCode.forbidden, "直播还没开始，开播后再来聊吧");
      if (status === LiveStatus.ended) throw new PlatformError(ErrorCode.forbidden, "直播已结束，不能再发言了");
      const now = ctx.now().getTime();
      const count = (since: number) =>
        db
          .prepare("SELECT COUNT(*) AS n, MIN(created_at) AS oldest FROM live_messages WHERE user_id = ? AND created_at > ?")
          .get(userId, new Date(since).toISOString()) as { n: number; oldest: string | null };
      const lastGap = count(now - MESSAGE_GAP_MS);
      refuseIfOver(lastGap.n, 1, lastGap.oldest, MESSAGE_GAP_MS, "发言");
      const lastMinute = count(now - MINUTE_MS);
      refuseIfOver(lastMinute.n, MESSAGES_PER_MINUTE, lastMinute.oldest, MINUTE_MS, "发言");
      return hub.append(room, { kind: "message", text: body.content, userId });
    }),
  );

  router.post(
    "/peony/v3/live/like",
    user,
    handle((req, res) => {
      const body = parseInput(likeBody, req.body);
      const userId = userIdOf(res);
      const room = findRoom(ctx, body.live_id);
      if (body.msg_id !== undefined && body.msg_id !== "") {
        const id = ctx.ids.decode(body.msg_id);
        const found = id !== null && db.prepare("SELECT 1 FROM live_messages WHERE id = ? AND room_id = ?").get(id, room.id);
        if (!found) throw new PlatformError(ErrorCode.notFound, "消息不存在");
      }
      const now = ctx.now();
      const recent = db
        .prepare("SELECT COALESCE(SUM(count), 0) AS n, MIN(created_at) AS oldest FROM live_likes WHERE user_id = ? AND created_at > ?")
        .get(userId, new Date(now.getTime() - MINUTE_MS).toISOString()) as { n: number; oldest: string | null };
      refuseIfOver(recent.n + body.count - 1, LIKES_PER_MINUTE, recent.oldest, MINUTE_MS, "点赞");
      const { like_count } = db.transaction(() => {
        db.prepare("INSERT INTO live_likes (room_id, user_id, count, created_at) VALUES (?, ?, ?, ?)").run(
          room.id,
          userId,
          body.count,
          now.toISOString(),
        );
        return db.prepare("UPDATE live_rooms SET like_count = like_count + ? WHERE id = ? RETURNING like_count").get(body.count, room.id) as {
          like_count: number;
        };
      })();
      hub.touchStats(room.id);
      return { like_count };
    }),
  );

  router.post(
    "/peony/v3/booking",
    user,
    handle((req, res) => {
      const body = parseInput(bookingBody, req.body);
      const userId = userIdOf(res);
      const room = findRoom(ctx, body.booking_id);
      const status = statusAt(room, ctx.now());
      if (status === LiveStatus.live) throw new PlatformError(ErrorCode.forbidden, "直播已开始，快去观看吧");
      if (status === LiveStatus.ended) throw new PlatformError(ErrorCode.forbidden, "直播已结束，不能预约了");
      db.prepare("INSERT OR IGNORE INTO live_bookings (room_id, user_id, created_at) VALUES (?, ?, ?)").run(room.id, userId, ctx.now().toISOString());
      return { booked: true, booking_count: bookingCount(room) };
    }),
  );

  router.post(
    "/peony/v3/un_booking",
    user,
    handle((req, res) => {
      const body = parseInput(bookingBody, req.body);
      const room = findRoom(ctx, body.booking_id);
      db.prepare("DELETE FROM live_bookings WHERE room_id = ? AND user_id = ?").run(room.id, userIdOf(res));
      return { booked: false, booking_count: bookingCount(room) };
    }),
  );

  router.get(
    "/peony/v3/booking_list",
    user,
    handle((_req, res) => {
      const rows = db
        .prepare(
          `SELECT r.live_id, r.start_time, c.title FROM live_bookings b
           JOIN live_rooms r ON r.id = b.room_id JOIN contents c ON c.id = r.content_id
           WHERE b.user_id = ? AND c.state = 1 ORDER BY r.start_time, r.id LIMIT ${BOOKING_LIST_LIMIT}`,
        )
        .all(userIdOf(res)) as { live_id: string; start_time: string; title: string }[];
      return {
        list: rows.map((row) => ({ booking_id: row.live_id, booking_type: "live", title: row.title, start_time: unixSeconds(row.start_time) })),
      };
    }),
  );

  router.get(
    "/peony/v3/lbs/:id",
    token,
    handle((req) => {
      const place = placeOf(parseInput(lbsParams, req.params).id);
      return { id: ctx.ids.encode(place.id), name: place.name, address: place.address, lat: place.lat, lng: place.lng };
    }),
  );

  router.get(
    "/peony/v3/lbs_weather/:id",
    token,
    handle((req) => {
      const place = placeOf(parseInput(lbsParams, req.params).id);
      // The demo conditions are fixed; like an hourly weather feed, they are stamped at the top of the hour.
      const updatedAt = Math.floor(ctx.now().getTime() / 3_600_000) * 3600;
      return { id: ctx.ids.encode(place.id), city: place.city, weather: place.weather, temperature: place.temperature, updated_at: updatedAt };
    }),
  );

  router.get("/peony/v3/live/stream", token, (req, res, next) => {
    try {
      const query = parseInput(streamQuery, req.query);
      const lastEventId = resumePoint(req.get("last-event-id"), query.last_event_id);
      hub.subscribe(req, res, findRoom(ctx, query.live_id), lastEventId);
    } catch (error) {
      next(error);
    }
  });

  return router;
}

/** The live HLS playlists (media/live/{landscape,portrait}.m3u8): a window that slides with the clock. */
export function liveMediaRoutes(ctx: PlatformContext): Router {
  const router = Router();
  const epochMs = liveEpoch(ctx.now());
  router.get("/media/live/:variant.m3u8", (req, res, next) => {
    const name = req.params.variant;
    if (!Object.hasOwn(LIVE_VARIANTS, name)) return next();
    const variant = LIVE_VARIANTS[name as keyof typeof LIVE_VARIANTS];
    res.set({
      "Content-Type": "application/vnd.apple.mpegurl",
      "Access-Control-Allow-Origin": "*",
      // A live playlist changes every segment; players reload it, caches must not keep it.
      "Cache-Control": "no-cache",
    });
    res.send(livePlaylist(variant, ctx.now(), epochMs));
  });
  return router;
}
