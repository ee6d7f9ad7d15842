import { z } from "zod";
import { detached, platformRequest, type Caller } from "~/bff/client.server";
import { platformUrl } from "~/bff/platform-url.server";
import { cached } from "~/bff/answers-cache.server";
import { contentTag } from "~/lib/content-tag";
import { contentTarget } from "~/lib/content-path";
import { filterListItems } from "~/lib/list-filter";
import { LIVE_ID_PATTERN } from "~/lib/live-state";

// How long cached answers are reused. Short: counts move, and editors expect a change to show soon.
const DETAIL_TTL_MS = 5_000;
const LIST_TTL_MS = 15_000;
const SIDE_LIST_TTL_MS = 30_000;

const count = z.number().int().nonnegative().catch(0);

export const contentSchema = z.object({
  post_id: z.string(),
  content_type: z.string(),
  /** The list filter keeps one of each. */
  layout: z.string().optional(),
  title: z.string(),
  summary: z.string().default(""),
  source_alias: z.string().default(""),
  publish_at: z.string(),
  view_count: count,
  like_count: count,
  collect_count: count,
  comment_count: count,
  duration_str: z.string().default(""),
  pic_num: count,
  state: z.number().int().default(0),
  track_id: z.string().default(""),
  share_link: platformUrl,
  mp: z.string().default(""),
  mp_name: z.string().default(""),
  style: z.object({ data: z.array(z.object({ thumb: platformUrl, url: platformUrl, wbep_thumb: platformUrl })).default([]) }).default({ data: [] }),
  payload: z
    // `url` is not always a URL (a mini program's page path), so it stays raw and every navigation checks it first.
    // The item's flags are read by lib/item-flags.ts, which checks the addresses.
    .object({
      url: z.string().catch(""),
      real_url: platformUrl,
      target_id: z.string().catch(""),
      enable_app: z.boolean().catch(true),
      enable_pc: z.boolean().catch(true),
      app_url: z.string().catch(""),
      pc_url: z.string().catch(""),
      nav: z.boolean().catch(true),
      capsule: z.boolean().catch(true),
    })
    .passthrough()
    .default({}),
  meta: z.object({ comment_available: z.string().default("false") }).default({}),
  enable_comment: z.boolean().default(false),
  expired_at: z.string().nullable().default(null),
  album_status: z.object({ status: z.number(), total: z.number() }).nullable().default(null),
  version: z.number().int().default(0),
});
export type Content = z.infer<typeof contentSchema>;

const mediaFields = {
  media_url: platformUrl,
  hls_url: platformUrl,
  duration_sec: count,
  media_width: count,
  media_height: count,
};

export const playableContentSchema = contentSchema.extend(mediaFields);

const VIDEO_TYPES = new Set(["video", "svideo", "local_live"]);

export type VideoMedia = {
  kind: "video";
  mp4: string;
  hls: string;
  poster: string;
  duration_sec: number;
  duration_str: string;
  /** A page reserves the player's box from it. */
  width: number;
  height: number;
};

export type AudioMedia = { kind: "audio"; url: string; cover: string; duration_sec: number; duration_str: string };

export function mediaOf(item: z.infer<typeof playableContentSchema>): VideoMedia | AudioMedia | null {
  const timing = { duration_sec: item.duration_sec, duration_str: item.duration_str };
  if (VIDEO_TYPES.has(item.content_type) && (item.media_url || item.hls_url)) {
    return {
      kind: "video",
      mp4: item.media_url,
      hls: item.hls_url,
      poster: coverOf(item),
      width: item.media_width,
      height: item.media_height,
      ...timing,
    };
  }
  if (item.content_type === "audio" && item.media_url) return { kind: "audio", url: item.media_url, cover: coverOf(item), ...timing };
  return null;
}

export type MiniProgram = { name: string; appid: string; path: string; username: string; fallback_url: string };

function miniProgramOf(content: Content): MiniProgram | null {
  if (content.content_type !== "mini_program") return null;
  const text = (key: string) => {
    const value = content.payload[key];
    return typeof value === "string" ? value : "";
  };
  return {
    name: text("mini_program_name"),
    appid: text("appid"),
    path: content.payload.url,
    username: text("bizName"),
    fallback_url: content.payload.real_url,
  };
}

export const detailSchema = contentSchema
  .extend({
    content: z.string().default(""),
    ...mediaFields,
    /** Width and height let a swipe viewer lay them out before they load. */
    images: z
      .array(
        z.object({
          url: platformUrl,
          webp: platformUrl,
          thumb: platformUrl,
          description: z.string().default(""),
          width: count,
          height: count,
        }),
      )
      .default([]),
    live: z.object({ status: z.number().int(), start_time: z.string(), end_time: z.string(), online_count: count }).nullable().default(null),
    live_id: z.string().regex(LIVE_ID_PATTERN).nullable().catch(null),
  })
  .transform((detail) => ({ ...detail, media: mediaOf(detail), mini_program: miniProgramOf(detail) }));
export type ContentDetail = z.infer<typeof detailSchema>;

/** Spec section 4. */
export const GONE_STATES = [17, 100];

export function coverOf(content: Content): string {
  const first = content.style.data[0];
  return first ? first.thumb || first.url : "";
}

/** The cover's WebP, shown in its place where the browser takes WebP (a third of the JPEG's bytes). */
export function coverWebpOf(content: Content): string {
  return content.style.data[0]?.wbep_thumb ?? "";
}

/** Every field is rendered and serialized, so lists carry only this. */
export type Card = Pick<Content, "post_id" | "content_type" | "title" | "source_alias" | "view_count" | "publish_at" | "album_status"> & {
  cover: string;
  coverWebp: string;
  href: string;
};

export function toCard(content: Content): Card {
  return {
    post_id: content.post_id,
    content_type: content.content_type,
    title: content.title,
    source_alias: content.source_alias,
    view_count: content.view_count,
    publish_at: content.publish_at,
    album_status: content.album_status,
    cover: coverOf(content),
    coverWebp: coverWebpOf(content),
    href: contentTarget(content),
  };
}

/** Every list the site shows goes through spec section 3's filter here. */
export function toCards(contents: Content[]): Card[] {
  return filterListItems(contents).map(toCard);
}

/** Ends with its separator: a write drops answers by prefix, and post 4's must not drop post 46's. */
export const detailKey = (postId: string) => `detail:${postId}:`;

export function getContentDetail(caller: Caller, postId: string): Promise<ContentDetail> {
  caller.record?.tags.add(contentTag(postId));
  return cached(caller, detailKey(postId), DETAIL_TTL_MS, () =>
    platformRequest(`/peony/v1/content/${encodeURIComponent(postId)}`, detached(caller), { schema: detailSchema }),
  );
}

/** Spec section 9. */
export const LIST_PAGE_SIZE = 10;

export type Page<T> = { list: T[]; total: number };

export function listContent(caller: Caller, query: { gid?: string; page: number; size: number }): Promise<Page<Card>> {
  return cached(caller, `content:${query.gid ?? ""}:${query.page}:${query.size}`, LIST_TTL_MS, async () => {
    const data = await platformRequest("/peony/v1/content", detached(caller), {
      query: { gid: query.gid, pageindex: query.page, pagesize: query.size },
      schema: z.object({ list: z.array(contentSchema), total: z.number() }),
    });
    return { list: toCards(data.list), total: data.total };
  });
}

export type Group = { gid: string; name: string };

export async function listGroups(caller: Caller): Promise<Group[]> {
  const data = await cached(caller, "groups", SIDE_LIST_TTL_MS, () =>
    platformRequest("/peony/v1/group", detached(caller), {
      schema: z.object({ list: z.array(z.object({ gid: z.string(), name: z.string() })) }),
    }),
  );
  return data.list;
}

const newsSchema = z.object({ news: z.array(contentSchema), total: z.number() });

/** Spec section 2. */
export type FeedKind = "hot72" | "recommend";

/** The platform leaves `exclude` out, so paging stays whole. */
export function listFeed(caller: Caller, kind: FeedKind, page: number, size: number, exclude: string): Promise<Page<Card>> {
  const path = kind === "hot72" ? "/peony/v1/hot72" : "/peony/v1/recommend";
  return cached(caller, `${kind}:${exclude}:${page}:${size}`, SIDE_LIST_TTL_MS, async () => {
    const data = await platformRequest(path, detached(caller), { query: { page, size, exclude }, schema: newsSchema });
    return { list: toCards(data.news), total: data.total };
  });
}

export function listRelated(caller: Caller, postId: string, size: number): Promise<Card[]> {
  return cached(caller, `related:${postId}:${size}`, SIDE_LIST_TTL_MS, async () => {
    const data = await platformRequest(`/peony/v1/content/${encodeURIComponent(postId)}/related`, detached(caller), {
      query: { size },
      schema: z.object({ list: z.array(contentSchema) }),
    });
    return toCards(data.list);
  });
}
