import { z } from "zod";
import { detached, platformRequest, type Caller } from "~/bff/client.server";
import type { Page } from "~/bff/content.server";
import { cached } from "~/bff/answers-cache.server";

/** The same for every visitor, so all of it goes through the answers cache. */

const BASE = "/circle/v1/api/share";

/** Spec section 9. */
export const CIRCLE_PAGE_SIZE = 10;

const POST_TTL_MS = 5_000;
const LIST_TTL_MS = 15_000;
const CIRCLE_TTL_MS = 30_000;

const count = z.number().int().nonnegative().catch(0);
const person = z.object({ user_id: z.string(), alias: z.string(), avatar: z.string().default("") });

export const circlePostSchema = z.object({
  post_id: z.string(),
  circle: z.object({ circle_id: z.string(), name: z.string(), avatar: z.string().default("") }),
  author: person,
  content: z.string().default(""),
  images: z.array(z.object({ url: z.string(), thumb: z.string().default(""), width: count, height: count })).default([]),
  video: z
    .object({ url: z.string(), poster: z.string().default(""), width: count, height: count, duration_sec: count })
    .nullable()
    .default(null),
  topics: z.array(z.object({ topic_id: z.string(), name: z.string() })).default([]),
  ip_location: z.string().default(""),
  view_count: count,
  like_count: count,
  reply_count: count,
  publish_at: z.string(),
});
export type CirclePost = z.infer<typeof circlePostSchema>;

const circleSchema = z.object({
  circle_id: z.string(),
  name: z.string(),
  description: z.string().default(""),
  avatar: z.string().default(""),
  cover: z.string().default(""),
  member_count: count,
  post_count: count,
});
export type Circle = z.infer<typeof circleSchema>;

const topicSchema = z.object({
  topic_id: z.string(),
  name: z.string(),
  description: z.string().default(""),
  cover: z.string().default(""),
  post_count: count,
  view_count: count,
});
export type CircleTopic = z.infer<typeof topicSchema>;

const replySchema = z.object({
  reply_id: z.string(),
  author: person,
  reply_alias: z.string().default(""),
  content: z.string(),
  ip_location: z.string().default(""),
  like_count: count,
  created_at: z.string(),
});
export type CircleReply = z.infer<typeof replySchema>;

export type PostList = { kind: "circle"; id: string } | { kind: "topic"; id: string };

export function getCircle(caller: Caller, id: string): Promise<Circle> {
  return cached(caller, `circle:${id}`, CIRCLE_TTL_MS, () =>
    platformRequest(`${BASE}/circle/detail`, detached(caller), { query: { id }, schema: circleSchema }),
  );
}

export function getCircleTopic(caller: Caller, key: { id: string } | { name: string }): Promise<CircleTopic> {
  return cached(caller, `circle:topic:${JSON.stringify(key)}`, CIRCLE_TTL_MS, () =>
    platformRequest(`${BASE}/topic/detail`, detached(caller), { query: key, schema: topicSchema }),
  );
}

export function listCirclePosts(caller: Caller, list: PostList, page: number): Promise<Page<CirclePost>> {
  const key = list.kind === "circle" ? { circle_id: list.id } : { topic_id: list.id };
  return cached(caller, `circle:posts:${list.kind}:${list.id}:${page}`, LIST_TTL_MS, () =>
    platformRequest(`${BASE}/content/list`, detached(caller), {
      query: { ...key, page, size: CIRCLE_PAGE_SIZE },
      schema: z.object({ list: z.array(circlePostSchema), total: count }),
    }),
  );
}

export function getCirclePost(caller: Caller, id: string): Promise<CirclePost> {
  return cached(caller, `circle:post:${id}`, POST_TTL_MS, () =>
    platformRequest(`${BASE}/content/detail`, detached(caller), { query: { id }, schema: circlePostSchema }),
  );
}

export function listCircleReplies(caller: Caller, postId: string, page: number): Promise<Page<CircleReply>> {
  return cached(caller, `circle:replies:${postId}:${page}`, POST_TTL_MS, () =>
    platformRequest(`${BASE}/content/replies`, detached(caller), {
      query: { id: postId, page, size: CIRCLE_PAGE_SIZE },
      schema: z.object({ list: z.array(replySchema), total: count }),
    }),
  );
}
