import type { PlatformContext } from "./context";
import { ErrorCode, PlatformError } from "./envelope";
import { MEDIA_PLACEHOLDER } from "./media";

/** A broadcast's status, computed from the clock: before start_time, until end_time, after. */
export const LiveStatus = { upcoming: 0, live: 1, ended: 2 } as const;
export type LiveStatusCode = (typeof LiveStatus)[keyof typeof LiveStatus];

export type LiveStyle = "image" | "landscape" | "portrait";
export type LiveColumn = { id: string; name: string; type: "intro" | "posts" | "chat" | "replay" };
export type LivePlaylistItem = { title: string; url: string; cover: string; duration: number };

export type RoomRow = {
  id: number;
  live_id: string;
  content_id: number;
  group_id: string;
  style: LiveStyle;
  start_time: string;
  end_time: string;
  last_status: number;
  countdown_show: number;
  countdown_title: string;
  stream: "landscape" | "portrait" | null;
  playlists: string;
  columns: string;
  host_name: string;
  host_avatar: string;
  lbs_id: number | null;
  online_count: number;
  like_count: number;
  booking_base: number;
  event_seq: number;
};

/** A host post of the 图文直播 stream. */
export type LivePost = {
  msg_id: string;
  kind: "text" | "image" | "video";
  text: string;
  pictures: { url: string; width: number; height: number }[];
  video: { url: string; poster: string } | null;
  author: { name: string; avatar: string };
  created_at: number;
};

/** A viewer's chat message. */
export type LiveMessage = {
  msg_id: string;
  text: string;
  user: { id: string; nickname: string; avatar: string };
  created_at: number;
};

export type MessageRow = {
  id: number;
  room_id: number;
  seq: number;
  kind: "post" | "message";
  format: LivePost["kind"];
  text: string;
  pictures: string;
  video: string | null;
  user_id: number | null;
  created_at: string;
  /** Joined from users for messages. */
  nickname: string | null;
  avatar: string | null;
};

/** Selects message rows with their author; append WHERE/ORDER clauses on `m`. */
export const MESSAGE_SELECT = "SELECT m.*, u.alias AS nickname, u.avatar AS avatar FROM live_messages m LEFT JOIN users u ON u.id = m.user_id";

export const LIVE_ID_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;

export function unixSeconds(iso: string): number {
  return Math.floor(Date.parse(iso) / 1000);
}

export function statusAt(room: Pick<RoomRow, "start_time" | "end_time">, now: Date): LiveStatusCode {
  const iso = now.toISOString();
  if (iso < room.start_time) return LiveStatus.upcoming;
  if (iso < room.end_time) return LiveStatus.live;
  return LiveStatus.ended;
}

const liveNotFound = () => new PlatformError(ErrorCode.contentNotFound, "直播不存在");

/**
 * The room of a public live id whose content is published; code 10024 otherwise (like content that is gone).
 * The id's format is checked by the caller's schema.
 */
export function findRoom(ctx: PlatformContext, liveId: string): RoomRow {
  const room = ctx.db
    .prepare(
      `SELECT r.* FROM live_rooms r JOIN contents c ON c.id = r.content_id
       WHERE r.live_id = ? AND c.state = 1 AND c.publish_at <= ?`,
    )
    .get(liveId, ctx.now().toISOString()) as RoomRow | undefined;
  if (!room) throw liveNotFound();
  return room;
}

/** The live HLS playlist of a room while it is live; null otherwise and for image broadcasts. */
export function streamUrlOf(ctx: PlatformContext, room: RoomRow, status: LiveStatusCode): string | null {
  if (status !== LiveStatus.live || room.stream === null) return null;
  return ctx.media(`${MEDIA_PLACEHOLDER}/live/${room.stream}.m3u8`);
}

function playlistsOf(ctx: PlatformContext, room: RoomRow): LivePlaylistItem[] {
  return JSON.parse(ctx.media(room.playlists)) as LivePlaylistItem[];
}

/** The `state` event's data: what changes when the clock crosses start_time or end_time. */
export function liveState(ctx: PlatformContext, room: RoomRow) {
  const status = statusAt(room, ctx.now());
  return {
    status,
    start_time: unixSeconds(room.start_time),
    end_time: unixSeconds(room.end_time),
    stream_url: streamUrlOf(ctx, room, status),
    playlists: playlistsOf(ctx, room),
  };
}

export function liveStats(room: Pick<RoomRow, "online_count" | "like_count">) {
  return { online_count: room.online_count, like_count: room.like_count };
}

export function toLivePost(ctx: PlatformContext, row: MessageRow, room: Pick<RoomRow, "host_name" | "host_avatar">): LivePost {
  return {
    msg_id: ctx.ids.encode(row.id),
    kind: row.format,
    text: row.text,
    pictures: JSON.parse(ctx.media(row.pictures)) as LivePost["pictures"],
    video: row.video === null ? null : (JSON.parse(ctx.media(row.video)) as LivePost["video"]),
    author: { name: room.host_name, avatar: ctx.media(room.host_avatar) },
    created_at: unixSeconds(row.created_at),
  };
}

export function toLiveMessage(ctx: PlatformContext, row: MessageRow): LiveMessage {
  return {
    msg_id: ctx.ids.encode(row.id),
    text: row.text,
    user: { id: row.user_id === null ? "" : ctx.ids.encode(row.user_id), nickname: row.nickname ?? "", avatar: ctx.media(row.avatar ?? "") },
    created_at: unixSeconds(row.created_at),
  };
}

/**
 * What a local_live content detail says about its broadcast: the live id the page opens, and the summary the
 * content API has always carried (times ISO 8601 there, like every content time). Null fields for other content.
 */
export type LiveFields = {
  live_id: string | null;
  live: { status: LiveStatusCode; start_time: string; end_time: string; online_count: number } | null;
};

export function liveFieldsOf(ctx: PlatformContext, contentId: number): LiveFields {
  const room = ctx.db.prepare("SELECT * FROM live_rooms WHERE content_id = ?").get(contentId) as RoomRow | undefined;
  if (!room) return { live_id: null, live: null };
  return {
    live_id: room.live_id,
    live: { status: statusAt(room, ctx.now()), start_time: room.start_time, end_time: room.end_time, online_count: room.online_count },
  };
}
