import { z } from "zod";
import { detached, platformRequest, type Caller } from "~/bff/client.server";
import { detailKey, type Page } from "~/bff/content.server";
import { cached } from "~/bff/answers-cache.server";
import type { ClueList } from "~/lib/dejin-paths";

/** The same for every visitor, so all of it goes through the answers cache. */

const BASE = "/peony/v3/clue_report";

/** Spec section 9. */
export const DEJIN_PAGE_SIZE = 10;
const RELATED_SIZE = 5;

const CLUE_TTL_MS = 5_000;
const LIST_TTL_MS = 15_000;
const TOPIC_TTL_MS = 30_000;

const count = z.number().int().nonnegative().catch(0);
const picture = z.object({ url: z.string(), thumb: z.string().default(""), width: count, height: count });

/** `topic_name` is the key and stays as given; `topic_title` is the reader's copy a zh-Hant page converts. */
function withTopicTitle<T extends { topic_name: string }>(record: T): T & { topic_title: string } {
  return { ...record, topic_title: record.topic_name };
}

export const clueSchema = z
  .object({
    post_id: z.string(),
    content_type: z.string().default("clue_report"),
    title: z.string(),
    content: z.string().default(""),
    location: z.string().default(""),
    happened_at: z.string().nullable().default(null),
    publish_at: z.string(),
    view_sum: count,
    like_count: count,
    collect_count: count,
    comment_count: count,
    images: z.array(picture).default([]),
    video: z
      .object({ url: z.string(), poster: z.string().default(""), width: count, height: count, duration_sec: count })
      .nullable()
      .default(null),
    reporter: z.object({ user_id: z.string(), alias: z.string(), avatar: z.string().default("") }),
    topic_name: z.string().default(""),
    channel: z.object({ channel_id: z.string(), name: z.string() }).nullable().default(null),
    at_users: z.array(z.object({ user_id: z.string(), alias: z.string() })).default([]),
    track_id: z.string().default(""),
    meta: z.object({ comment_available: z.string().default("false") }).default({}),
    enable_comment: z.boolean().default(false),
  })
  .transform(withTopicTitle);
export type Clue = z.infer<typeof clueSchema>;

const channelSchema = z.object({ channel_id: z.string(), name: z.string(), clue_count: count });
export type Channel = z.infer<typeof channelSchema>;

const topicSchema = z
  .object({
    topic_name: z.string(),
    description: z.string().default(""),
    cover: z.string().default(""),
    clue_count: count,
    view_sum: count,
    channel_list: z.array(channelSchema).default([]),
  })
  .transform(withTopicTitle);
export type Topic = z.infer<typeof topicSchema>;

const reporterSchema = z.object({
  user_id: z.string(),
  alias: z.string(),
  avatar: z.string().default(""),
  intro: z.string().default(""),
  location: z.string().default(""),
  clue_count: count,
  view_sum: count,
  at_count: count,
});
export type Reporter = z.infer<typeof reporterSchema>;

const cluePageSchema = z.object({ list: z.array(clueSchema), total: count });

const segment = (value: string) => encodeURIComponent(value);

/** Keyed under the content's detail key, so a comment posted on it refreshes its count. */
export function getClue(caller: Caller, postId: string): Promise<Clue> {
  return cached(caller, `${detailKey(postId)}clue`, CLUE_TTL_MS, () =>
    platformRequest(`${BASE}/detail`, detached(caller), { query: { post_id: postId }, schema: clueSchema }),
  );
}

export function listRecommendedTopics(caller: Caller, page: number): Promise<Page<Topic>> {
  return cached(caller, `dejin:topics:${page}`, TOPIC_TTL_MS, () =>
    platformRequest(`${BASE}/recommend_topics`, detached(caller), {
      query: { page, limit: DEJIN_PAGE_SIZE },
      schema: z.object({ list: z.array(topicSchema), total: count }),
    }),
  );
}

export function getTopic(caller: Caller, name: string): Promise<Topic> {
  return cached(caller, `dejin:topic:${name}`, TOPIC_TTL_MS, () =>
    platformRequest(`${BASE}/topic/${segment(name)}`, detached(caller), { schema: topicSchema }),
  );
}

export function getReporter(caller: Caller, userId: string): Promise<Reporter> {
  return cached(caller, `dejin:reporter:${userId}`, LIST_TTL_MS, () =>
    platformRequest(`${BASE}/user/${segment(userId)}`, detached(caller), { schema: reporterSchema }),
  );
}

export function listClues(caller: Caller, list: ClueList, page: number): Promise<Page<Clue>> {
  const paging = { page, limit: DEJIN_PAGE_SIZE };
  const request = (() => {
    switch (list.kind) {
      case "stream":
        return { path: `${BASE}/clues`, query: { ...paging, sort: "publish_at" } };
      case "topic":
        return { path: `${BASE}/clues`, query: { ...paging, topic_name: list.topic_name, channel_id: list.channel, sort: "view_sum" } };
      case "reporter":
        return { path: `${BASE}/clues`, query: { ...paging, user_id: list.userId, sort: "publish_at" } };
      case "mentions":
        return { path: `${BASE}/at_ta_clues`, query: { ...paging, user_id: list.userId } };
    }
  })();
  return cached(caller, `dejin:clues:${JSON.stringify(list)}:${page}`, LIST_TTL_MS, () =>
    platformRequest(request.path, detached(caller), { query: request.query, schema: cluePageSchema }),
  );
}

export function listRelatedClues(caller: Caller, postId: string): Promise<Clue[]> {
  return cached(caller, `dejin:related:${postId}`, LIST_TTL_MS, async () => {
    const data = await platformRequest(`${BASE}/relate_posts`, detached(caller), {
      query: { post_id: postId, limit: RELATED_SIZE },
      schema: z.object({ list: z.array(clueSchema) }),
    });
    return data.list;
  });
}
