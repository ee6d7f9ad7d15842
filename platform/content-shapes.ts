import type { PlatformContext } from "./context";
import { liveFieldsOf, type LiveFields } from "./live-rooms";

export type ContentType =
  | "article"
  | "video"
  | "svideo"
  | "audio"
  | "image"
  | "video_album"
  | "audio_album"
  | "mini_program"
  | "link"
  | "local_live"
  | "special"
  /** Content-model types without a page of their own: cards lead to payload.url or to the record of payload.target_id. */
  | "h5"
  | "cloud_form"
  | "topic"
  | "sp_topic"
  | "live"
  /** Types the share site does not know yet (a poll, a quiz): they stand for what the app adds after the site. */
  | "vote"
  | "quiz"
  /** A tip-off: listed and served only through the clue report (routes/clue-report.ts). */
  | "clue_report";

/** A draft: never listed and never served by id, only through a signed preview link (preview.ts). */
export const STATE_DRAFT = 0;
export const STATE_PUBLISHED = 1;
export const STATE_OFFLINE = 17;
export const STATE_DELETED = 100;

/** Columns of a content row plus its official account's name and, for albums and specials, the child count. */
export const CONTENT_COLUMNS = `c.*, oa.name AS mp_name,
  (SELECT COUNT(*) FROM content_children cc WHERE cc.parent_id = c.id) AS child_count`;
export const CONTENT_FROM = "contents c LEFT JOIN official_accounts oa ON oa.id = c.official_account_id";
/** Listable: published, not scheduled for later, and not a clue (clues list only in the clue report). Bind the current time as `@now`. */
export const LISTABLE = `c.state = ${STATE_PUBLISHED} AND c.publish_at <= @now AND c.content_type != 'clue_report'`;

export type ContentRow = {
  id: number;
  content_type: ContentType;
  title: string;
  summary: string;
  source_alias: string;
  body: string;
  covers: string;
  images: string;
  media_url: string;
  hls_url: string;
  media_width: number;
  media_height: number;
  duration_sec: number;
  payload: string;
  official_account_id: number | null;
  state: number;
  comment_enabled: number;
  album_finished: number | null;
  view_count: number;
  like_count: number;
  collect_count: number;
  comment_count: number;
  publish_at: string;
  expired_at: string | null;
  version: number;
  mp_name: string | null;
  child_count: number;
};

type Cover = { thumb: string; url: string; wbep_thumb: string };
type GalleryImage = { url: string; webp: string; thumb: string; description: string; width: number; height: number };
type Payload = {
  url: string;
  real_url: string;
  nav: boolean;
  capsule: boolean;
  bizName: string;
  enable_app: boolean;
  enable_pc: boolean;
  app_url: string;
  pc_url: string;
  /** mini_program: the mini program's AppID (wx…) and display name. */
  appid: string;
  mini_program_name: string;
  /** topic, sp_topic, live: the public id of what the card stands for (a circle topic, a special, a local_live item). */
  target_id?: string;
};

/** A payload as stored: `target_id` is a database id, encoded when served; `share_link` is lifted to the content. */
type StoredPayload = Partial<Omit<Payload, "target_id">> & { target_id?: number; share_link?: string };

const DEFAULT_PAYLOAD: Payload = {
  url: "",
  real_url: "",
  nav: false,
  capsule: false,
  bizName: "",
  enable_app: true,
  enable_pc: true,
  app_url: "",
  pc_url: "",
  appid: "",
  mini_program_name: "",
};

export type Content = {
  post_id: string;
  content_type: ContentType;
  title: string;
  summary: string;
  source_alias: string;
  publish_at: string;
  view_count: number;
  like_count: number;
  collect_count: number;
  comment_count: number;
  duration_str: string;
  pic_num: number;
  state: number;
  track_id: string;
  /** Where the platform shares the content; given here only where seeded (the types the site does not know). */
  share_link: string;
  mp: string;
  mp_name: string;
  style: { data: Cover[] };
  payload: Payload;
  meta: { comment_available: "true" | "false" };
  enable_comment: boolean;
  expired_at: string | null;
  album_status: { status: number; total: number } | null;
  version: number;
};

/** What a player needs: album episodes carry it too, so a page plays them in place. */
export type MediaFields = {
  media_url: string;
  hls_url: string;
  duration_sec: number;
  media_width: number;
  media_height: number;
};

export type ContentDetail = Content &
  MediaFields & {
    content: string;
    images: GalleryImage[];
  } & LiveFields;

function formatDuration(seconds: number): string {
  if (seconds <= 0) return "";
  const pad = (n: number) => String(n).padStart(2, "0");
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = seconds % 60;
  return h > 0 ? `${h}:${pad(m)}:${pad(s)}` : `${pad(m)}:${pad(s)}`;
}

function isAlbum(type: ContentType): boolean {
  return type === "video_album" || type === "audio_album";
}

export function toContent(ctx: PlatformContext, row: ContentRow): Content {
  const postId = ctx.ids.encode(row.id);
  const commentsOpen = row.comment_enabled === 1;
  const images = JSON.parse(row.images) as GalleryImage[];
  const { target_id, share_link = "", ...payload } = JSON.parse(ctx.media(row.payload)) as StoredPayload;
  return {
    post_id: postId,
    content_type: row.content_type,
    title: row.title,
    summary: row.summary,
    source_alias: row.source_alias,
    publish_at: row.publish_at,
    view_count: row.view_count,
    like_count: row.like_count,
    collect_count: row.collect_count,
    comment_count: row.comment_count,
    duration_str: formatDuration(row.duration_sec),
    pic_num: images.length,
    state: row.state,
    // This platform tracks content by its public id.
    track_id: postId,
    share_link,
    mp: row.official_account_id === null ? "" : ctx.ids.encode(row.official_account_id),
    mp_name: row.mp_name ?? "",
    style: { data: JSON.parse(ctx.media(row.covers)) as Cover[] },
    payload: { ...DEFAULT_PAYLOAD, ...payload, ...(target_id === undefined ? {} : { target_id: ctx.ids.encode(target_id) }) },
    meta: { comment_available: commentsOpen ? "true" : "false" },
    enable_comment: commentsOpen,
    expired_at: row.expired_at,
    album_status: isAlbum(row.content_type) ? { status: row.album_finished ?? 0, total: row.child_count } : null,
    version: row.version,
  };
}

export function toContentWithMedia(ctx: PlatformContext, row: ContentRow): Content & MediaFields {
  return {
    ...toContent(ctx, row),
    media_url: ctx.media(row.media_url),
    hls_url: ctx.media(row.hls_url),
    duration_sec: row.duration_sec,
    media_width: row.media_width,
    media_height: row.media_height,
  };
}

export function toContentDetail(ctx: PlatformContext, row: ContentRow): ContentDetail {
  return {
    ...toContentWithMedia(ctx, row),
    content: ctx.media(row.body),
    images: JSON.parse(ctx.media(row.images)) as GalleryImage[],
    ...liveFieldsOf(ctx, row.id),
  };
}
