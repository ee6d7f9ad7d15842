import { z } from "zod";
import { platformRequest, type Caller } from "~/bff/client.server";
import type { Page } from "~/bff/content.server";

type CommentShape = {
  gid: string;
  content: string;
  alias: string;
  avatar: string;
  user: { mp_name: string };
  created_at: string;
  ip_location: string;
  star: boolean;
  star_count: number;
  reply_count: number;
  owner_user_id: string;
  comment_type: number;
  level: number;
  reply_alias: string;
  parent_id: string;
  replys: CommentShape[];
};

const commentSchema: z.ZodType<CommentShape, z.ZodTypeDef, unknown> = z.lazy(() =>
  z.object({
    gid: z.string(),
    content: z.string(),
    alias: z.string().default(""),
    avatar: z.string().default(""),
    user: z.object({ mp_name: z.string().default("") }).default({}),
    created_at: z.string(),
    ip_location: z.string().default(""),
    star: z.boolean().default(false),
    star_count: z.number().int().nonnegative().catch(0),
    reply_count: z.number().int().nonnegative().catch(0),
    owner_user_id: z.string().default(""),
    comment_type: z.number().int().default(1),
    level: z.number().int().default(1),
    reply_alias: z.string().default(""),
    parent_id: z.string().default(""),
    replys: z.array(commentSchema).default([]),
  }),
);
export type Comment = CommentShape;
export { commentSchema };

/** Spec section 9: comments come 10 to a page. */
export const COMMENT_PAGE_SIZE = 10;

const pageSchema = z.object({ list: z.array(commentSchema), total: z.number() });

export function listComments(caller: Caller, postId: string, page: number): Promise<Page<Comment>> {
  return platformRequest(`/peony/v1/comment/${encodeURIComponent(postId)}`, caller, {
    query: { page, size: COMMENT_PAGE_SIZE },
    schema: pageSchema,
  });
}

/** Every reply of one comment; 'expand N replies' shows them all. */
export function listReplies(caller: Caller, postId: string, commentId: string): Promise<Page<Comment>> {
  return platformRequest(`/peony/v1/comment/${encodeURIComponent(postId)}/${encodeURIComponent(commentId)}`, caller, {
    query: { page: 1, size: 50 },
    schema: pageSchema,
  });
}
