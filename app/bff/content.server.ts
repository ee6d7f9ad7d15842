import { z } from "zod";
import { detached, platformRequest, type Caller } from "~/bff/client.server";
import { cached } from "~/bff/shared-cache.server";
import { contentPath } from "~/lib/content-path";
import { filterListItems } from "~/lib/list-filter";

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
  mp: z.string().default(""),
  mp_name: z.string().default(""),
  style: z
    .object({ data: z.array(z.object({ thumb: z.string().default(""), url: z.string().default(""), wbep_thumb: z.string().default("") })).default([]) })
    .default({ data: [] }),
  payload: z
    .object({ url: z.string().default(""), real_url: z.string().default(""), enable_app: z.boolean().default(true) })
    .passthrough()
    .default({}),
  meta: z.object({ comment_available: z.string().default("false") }).default({}),
  enable_comment: z.boolean().default(false),
  expired_at: z.string().nullable().default(null),
  album_status: z.object({ status: z.number(), total: z.number() }).nullable().default(null),
  version: z.number().int().default(0),
});
export type Content = z.infer<typeof contentSchema>;

const detailSchema = contentSchema.extend({ content: z.string().default(""), media_url: z.string().default("") });
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
  /** The share-site path (or, for link content, its absolute target). */
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
    href: contentPath(content),
  };
}

/** A list's items as cards, after the list filter of spec section 3: every list the site shows goes through it. */
export function toCards(contents: Content[]): Card[] {
  return filterListItems(contents).map(toCard);
}

/** Cache key prefix of one content item's detail; writes that change its counts invalidate it. */
export const detailKey = (postId: string) => `detail:${postId}`;

export function getContentDetail(caller: Caller, postId: string): Promise<ContentDetail> {
  return cached(detailKey(postId), DETAIL_TTL_MS, () =>
    platformRequest(`/peony/v1/content/${encodeURIComponent(postId)}`, detached(caller), { schema: detailSchema }),
  );
}

/** Spec section 9: lists (home, recommendations, hot list) come 10 to a page. */
export const LIST_PAGE_SIZE = 10;

export type Page<T> = { list: T[]; total: number };

export function listContent(caller: Caller, query: { gid?: string; page: number; size: number }): Promise<Page<Card>> {
  return cached(`content:${query.gid ?? ""}:${query.page}:${query.size}`, LIST_TTL_MS, async () => {
    const data = await platformRequest("/peony/v1/content", detached(caller), {
      query: { gid: query.gid, pageindex: query.page, pagesize: query.size },
      schema: z.object({ list: z.array(contentSchema), total: z.number() }),
    });
    return { list: toCards(data.list), total: data.total };
  });
}

export type Group = { gid: string; name: string };

export async function listGroups(caller: Caller): Promise<Group[]> {
  const data = await cached("groups", SIDE_LIST_TTL_MS, () =>
    platformRequest("/peony/v1/group", detached(caller), {
      schema: z.object({ list: z.array(z.object({ gid: z.string(), name: z.string() })) }),
    }),
  );
  return data.list;
}

const newsSchema = z.object({ news: z.array(contentSchema), total: z.number() });

/** The two side lists of a detail page (spec section 2), paged 10 at a time. */
export type FeedKind = "hot72" | "recommend";

export function listFeed(caller: Caller, kind: FeedKind, page: number, size: number): Promise<Page<Card>> {
  const path = kind === "hot72" ? "/peony/v1/hot72" : "/peony/v1/recommend";
  return cached(`${kind}:${page}:${size}`, SIDE_LIST_TTL_MS, async () => {
    const data = await platformRequest(path, detached(caller), { query: { page, size }, schema: newsSchema });
    return { list: toCards(data.news), total: data.total };
  });
}

export function listRelated(caller: Caller, postId: string, size: number): Promise<Card[]> {
  return cached(`related:${postId}:${size}`, SIDE_LIST_TTL_MS, async () => {
    const data = await platformRequest(`/peony/v1/content/${encodeURIComponent(postId)}/related`, detached(caller), {
      query: { size },
      schema: z.object({ list: z.array(contentSchema) }),
    });
    return toCards(data.list);
  });
}
