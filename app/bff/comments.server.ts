import { z } from "zod";
import { detached, platformRequest, type Caller } from "~/bff/client.server";
import { platformUrl } from "~/bff/platform-url.server";
import { cached } from "~/bff/answers-cache.server";
import { contentTag } from "~/lib/content-tag";
import type { Page } from "~/bff/content.server";
import { collectPages } from "~/lib/pages";

/** The platform's `star` is left out: the list is shared by every visitor, fetched with whoever's token asked first. */
type CommentShape = {
  gid: string;
  content: string;
  alias: string;
  avatar: string;
  user: { mp_name: string };
  created_at: string;
  ip_location: string;
  star_count: number;
  reply_count: number;
  owner_user_id: string;
  /** Sent back with a reply; `alias` is the same name as read. */
  owner_alias: string;
  comment_type: number;
  level: number;
  reply_alias: string;
  parent_id: string;
  replys: CommentShape[];
};

const commentSchema: z.ZodType<CommentShape, z.ZodTypeDef, unknown> = z.lazy(() =>
  z
    .object({
      gid: z.string(),
      content: z.string(),
      alias: z.string().default(""),
      avatar: platformUrl,
      user: z.object({ mp_name: z.string().default("") }).default({}),
      created_at: z.string(),
      ip_location: z.string().default(""),
      star_count: z.number().int().nonnegative().catch(0),
      reply_count: z.number().int().nonnegative().catch(0),
      owner_user_id: z.string().default(""),
      comment_type: z.number().int().default(1),
      level: z.number().int().default(1),
      reply_alias: z.string().default(""),
      parent_id: z.string().default(""),
      replys: z.array(commentSchema).default([]),
    })
    .transform((comment) => ({ ...comment, owner_alias: comment.alias })),
);
export type Comment = CommentShape;
export { commentSchema };

/** Spec section 9. */
export const COMMENT_PAGE_SIZE = 10;

const pageSchema = z.object({ list: z.array(commentSchema), total: z.number() });

/** Dropped as soon as this site posts one (see postComment). */
const COMMENTS_TTL_MS = 5_000;

export const commentsKey = (postId: string) => `comments:${postId}:`;

export function listComments(caller: Caller, postId: string, page: number): Promise<Page<Comment>> {
  caller.record?.tags.add(contentTag(postId));
  return cached(caller, `${commentsKey(postId)}page:${page}`, COMMENTS_TTL_MS, () =>
    platformRequest(`/peony/v1/comment/${encodeURIComponent(postId)}`, detached(caller), {
      query: { page, size: COMMENT_PAGE_SIZE },
      schema: pageSchema,
    }),
  );
}

export function listReplies(caller: Caller, postId: string, commentId: string): Promise<Page<Comment>> {
  caller.record?.tags.add(contentTag(postId));
  return cached(caller, `${commentsKey(postId)}replies:${commentId}`, COMMENTS_TTL_MS, () =>
    platformRequest(`/peony/v1/comment/${encodeURIComponent(postId)}/${encodeURIComponent(commentId)}`, detached(caller), {
      query: { page: 1, size: 50 },
      schema: pageSchema,
    }),
  );
}

/** Replies that fail to load leave their comment folded. */
export async function listCommentPages(caller: Caller, postId: string, pages: number, expanded: string | null): Promise<Page<Comment>> {
  const comments = await collectPages(pages, (page) => listComments(caller, postId, page));
  if (!expanded || !comments.list.some((c) => c.gid === expanded)) return comments;
  const replies = await listReplies(caller, postId, expanded).catch(() => null);
  if (!replies) return comments;
  return { ...comments, list: comments.list.map((c) => (c.gid === expanded ? { ...c, replys: replies.list } : c)) };
}
