export type Repliable = {
  gid: string;
  level: number;
  parent_id: string;
  owner_user_id: string;
  owner_alias: string;
  alias: string;
  replys?: Repliable[];
};

export type ReplyTarget = { gid: string; parentId: string; targetUserId: string; targetUserAlias: string; shownAlias: string };

/** Spec section 3: answering a reply keeps its parent, so threads stay two levels deep. */
export function replyTargetOf(comment: Repliable): ReplyTarget {
  return {
    gid: comment.gid,
    parentId: comment.level === 2 && comment.parent_id ? comment.parent_id : comment.gid,
    targetUserId: comment.owner_user_id,
    targetUserAlias: comment.owner_alias,
    shownAlias: comment.alias,
  };
}

export function findReplyTarget(comments: Repliable[], gid: string | null): ReplyTarget | null {
  if (!gid) return null;
  for (const comment of comments) {
    const found = [comment, ...(comment.replys ?? [])].find((candidate) => candidate.gid === gid);
    if (found) return replyTargetOf(found);
  }
  return null;
}
