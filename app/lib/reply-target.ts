/** The fields of a comment that decide how a reply to it is addressed. */
export type Repliable = {
  gid: string;
  level: number;
  parent_id: string;
  owner_user_id: string;
  owner_alias: string;
  alias: string;
  replys?: Repliable[];
};

/** `targetUserAlias` is the alias the platform gave (sent back with the reply), `shownAlias` the same as read. */
export type ReplyTarget = { gid: string; parentId: string; targetUserId: string; targetUserAlias: string; shownAlias: string };

/**
 * Spec section 3: a reply names the user answered and its level-1 parent. Answering a level-1 comment
 * makes it the parent; answering a reply keeps that reply's parent, so threads stay two levels deep.
 */
export function replyTargetOf(comment: Repliable): ReplyTarget {
  return {
    gid: comment.gid,
    parentId: comment.level === 2 && comment.parent_id ? comment.parent_id : comment.gid,
    targetUserId: comment.owner_user_id,
    targetUserAlias: comment.owner_alias,
    shownAlias: comment.alias,
  };
}

/** Finds a comment or one of its shown replies by id and addresses a reply to it. */
export function findReplyTarget(comments: Repliable[], gid: string | null): ReplyTarget | null {
  if (!gid) return null;
  for (const comment of comments) {
    const found = [comment, ...(comment.replys ?? [])].find((candidate) => candidate.gid === gid);
    if (found) return replyTargetOf(found);
  }
  return null;
}
