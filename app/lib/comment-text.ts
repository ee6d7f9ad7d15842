export const COMMENT_MAX_LENGTH = 500;

export const COMMENT_TEXTS = {
  empty: "评论内容不能为空",
  closed: "评论已关闭",
  sent: "评论成功",
  placeholder: "写评论...",
  emptyState: "暂无评论，快来抢沙发吧",
  loadMore: "查看更多评论",
  tooLong: `评论最多${COMMENT_MAX_LENGTH}字`,
} as const;

export function expandRepliesText(n: number): string {
  return `展开${n}条回复`;
}

export function canComment(content: { meta?: { comment_available?: string }; enable_comment?: boolean | number }): boolean {
  return content.meta?.comment_available === "true" || Boolean(content.enable_comment);
}

export type CheckedText = { ok: true; text: string } | { ok: false; error: string };

/** Counts characters as the reader sees them (an emoji is one). */
export function checkText(text: string, rule: { max: number; empty: string; tooLong: string }): CheckedText {
  const trimmed = text.trim();
  if (!trimmed) return { ok: false, error: rule.empty };
  if (Array.from(trimmed).length > rule.max) return { ok: false, error: rule.tooLong };
  return { ok: true, text: trimmed };
}

export function validateComment(text: string): CheckedText {
  return checkText(text, { max: COMMENT_MAX_LENGTH, empty: COMMENT_TEXTS.empty, tooLong: COMMENT_TEXTS.tooLong });
}
