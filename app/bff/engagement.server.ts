import { z } from "zod";
import { platformRequest, type Caller } from "~/bff/client.server";
import { commentSchema, commentsKey, type Comment } from "~/bff/comments.server";
import { detailKey } from "~/bff/content.server";
import { contentTag } from "~/lib/content-tag";
import { announceWrite } from "~/runtime/content-writes.server";
import type { ReplyTarget } from "~/lib/reply-target";

export type Toggle = "add" | "del";

// Built once: the first two are read on every logged-in page view.
const userRelatedSchema = z.object({ is_collect: z.boolean() }).passthrough();
const followedSchema = z.object({ is_followed: z.boolean() });
const collectedSchema = z.object({ is_collect: z.boolean(), collect_count: z.number() });

/** Spec section 4 reads is_collect from it. */
export function getUserRelated(caller: Caller, contentType: string, postId: string): Promise<{ is_collect: boolean }> {
  return platformRequest(`/peony/v3/content/${encodeURIComponent(contentType)}/${encodeURIComponent(postId)}/user_related`, caller, {
    schema: userRelatedSchema,
  });
}

export async function setCollected(caller: Caller, postId: string, trackId: string, type: Toggle) {
  const result = await platformRequest(`/peony/v1/collection/${encodeURIComponent(postId)}`, caller, {
    method: "POST",
    body: { type, track_id: trackId, cid: postId },
    schema: collectedSchema,
  });
  announceWrite({ pages: [contentTag(postId)], answers: [detailKey(postId)] });
  return result;
}

export function getFollowed(caller: Caller, mp: string): Promise<{ is_followed: boolean }> {
  return platformRequest(`/guzzle/v1/mp/is_followed/${encodeURIComponent(mp)}`, caller, {
    method: "POST",
    body: {},
    schema: followedSchema,
  });
}

export function setFollowed(caller: Caller, mp: string, type: Toggle) {
  return platformRequest(`/guzzle/v1/mp/follow/${encodeURIComponent(mp)}`, caller, {
    method: "POST",
    body: { type },
    schema: followedSchema,
  });
}

export async function postComment(
  caller: Caller,
  postId: string,
  input: { trackId: string; content: string; reply: Omit<ReplyTarget, "gid" | "shownAlias"> | null },
): Promise<Comment> {
  const reply = input.reply
    ? { comment_type: 2, parent_id: input.reply.parentId, target_user_id: input.reply.targetUserId, target_user_alias: input.reply.targetUserAlias }
    : { comment_type: 1 };
  const comment = await platformRequest(`/peony/v1/comment/${encodeURIComponent(postId)}`, caller, {
    method: "POST",
    body: { track_id: input.trackId, content: input.content, ...reply },
    schema: commentSchema,
  });
  // The author expects to see their comment at once.
  announceWrite({ pages: [contentTag(postId)], answers: [commentsKey(postId), detailKey(postId)] });
  return comment;
}
