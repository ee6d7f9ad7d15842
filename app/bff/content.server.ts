import { z } from "zod";
import { detached, platformRequest, type Caller } from "~/bff/client.server";
import { platformUrl } from "~/bff/platform-url.server";
import { cached } from "~/bff/shared-cache.server";
import { contentTag } from "~/lib/content-tag";
import { contentTarget } from "~/lib/content-path";
import { filterListItems } from "~/lib/list-filter";
import { LIVE_ID_PATTERN } from "~/lib/live-state";

// How long shared answers are reused. Short: counts move, and editors expect a change to show soon.
const DETAIL_TTL_MS = 5_000;
const LIST_TTL_MS = 15_000;
const SIDE_LIST_TTL_MS = 30_000;

const count = z.number().int().nonnegative().catch(0);

export const contentSchema = z.object({
  post_id: z.string(),
  content_type: z.string(),
  /** Set on items that are a block of the page (a banner…); the list filter keeps one of each. */
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
  /** The platform's share address; cards of a type the site does not know, or without a usable target, lead to it (contentTarget). */
  share_link: platformUrl,
  mp: z.string().default(""),
  mp_name: z.string().default(""),
  style: z.object({ data: z.array(z.object({ thumb: platformUrl, url: platformUrl, wbep_thumb: platformUrl })).default([]) }).default({ data: [] }),
  payload: z
    // `url` is a link's target or, for a mini program, its page path ('pages/index/index'): not always a URL, so
    // it stays raw here and every place that navigates to it checks it is http(s) first (see contentPath).
    // `target_id` names the record a topic, sp_topic or live card stands for (docs/platform-api.md). The item's flags
    // (enable_app, enable_pc, app_url, pc_url, nav, capsule) are read by lib/item-flags.ts, which checks the addresses.
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

/** What plays a content item: the detail and every album episode carry it. */
const mediaFields = {
  media_url: platformUrl,
  hls_url: platformUrl,
  duration_sec: count,
  media_width: count,
  media_height: count,
};

/** A list item with what plays it: album episodes. */
export const playableContentSchema = contentSchema.extend(mediaFields);

const VIDEO_TYPES = new Set(["video", "svideo", "local_live"]);

/** A video's sources, poster and size, as its player needs them. */
export type VideoMedia = {
  kind: "video";
  /** MP4 file ('' when the video only has HLS). */
  mp4: string;
  /** HLS playlist (.m3u8), '' when there is none. */
  hls: string;
  poster: string;
  duration_sec: number;
  duration_str: string;
  /** Pixel size, 0 when unknown; a page reserves the player's box from it. */
  width: number;
  height: number;
};

export type AudioMedia = { kind: "audio"; url: string; cover: string; duration_sec: number; duration_str: string };

/** The player's sources of a video or audio item; null for other types and for items without a file. */
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

/** A mini program's card: its name, AppID and page path (payload), and its original id (gh_…) for the WeChat open tag. */
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

/** A content detail; the preview and a special's head read the same shape. */
export const detailSchema = contentSchema
  .extend({
    content: z.string().default(""),
    ...mediaFields,
    /** Gallery pictures with their captions; width and height let a swipe viewer lay them out before they load. */
    images: z
      .array(
        z.object({
          url: platformUrl,
          thumb: platformUrl,
          description: z.string().default(""),
          width: count,
          height: count,
        }),
      )
      .default([]),
    live: z.object({ status: z.number().int(), start_time: z.string(), end_time: z.string(), online_count: count }).nullable().default(null),
    /** The broadcast a local_live page opens (the live calls take it); null for other content. */
    live_id: z.string().regex(LIVE_ID_PATTERN).nullable().catch(null),
  })
  .transform((detail) => ({ ...detail, media: mediaOf(detail), mini_program: miniProgramOf(detail) }));
export type ContentDetail = z.infer<typeof detailSchema>;

/** Spec section 4: these states mean the content is gone; the page answers 404. */
export const GONE_STATES = [17, 100];

export function coverOf(content: Content): string {
  const first = content.style.data[0];
  return first ? first.thumb || first.url : "";
}

/** What a list shows of a content item. Lists carry only this: every field is rendered and serialized. */
export type Card = Pick<Content, "post_id" | "content_type" | "title" | "source_alias" | "view_count" | "publish_at" | "album_status"> & {
  cover: string;
  /** The same cover as WebP when the platform has one (`wbep_thumb`), "" otherwise: a third of the JPEG's bytes. */
  coverWebp: string;
  /** Where the card leads: a share-site path, an absolute http(s) target or the card list's app-open dialog (contentTarget). */
  href: string;
};

/** The card of a content item; one whose own target is refused leads to the fallback contentTarget gives. */
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
    coverWebp: content.style.data[0]?.wbep_thumb ?? "",
    href: contentTarget(content),
  };
}

/** A list's items as cards, after the list filter of spec section 3: every list the site shows goes through it. */
export function toCards(contents: Content[]): Card[] {
  return filterListItems(contents).map(toCard);
}

/**
 * Cache key prefix of one content item's detail; writes that change its counts invalidate it. It ends with its
 * separator: a write drops answers by prefix, and post 4's must not drop post 46's.
 */
export const detailKey = (postId: string) => `detail:${postId}:`;

export function getContentDetail(caller: Caller, postId: string): Promise<ContentDetail> {
  caller.render?.tags.add(contentTag(postId));
  return cached(caller, detailKey(postId), DETAIL_TTL_MS, () =>
    platformRequest(`/peony/v1/content/${encodeURIComponent(postId)}`, detached(caller), { schema: detailSchema }),
  );
}

/** Spec section 9: lists (home, recommendations, hot list) come 10 to a page. */
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

/** The two side lists of a detail page (spec section 2), paged 10 at a time. */
export type FeedKind = "hot72" | "recommend";

/** `exclude` is the post id of the page showing the list: the platform leaves it out, so paging stays whole. */
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
