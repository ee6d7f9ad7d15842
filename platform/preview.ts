import type { PlatformContext } from "./context";
import { CONTENT_COLUMNS, CONTENT_FROM, STATE_DRAFT, STATE_PUBLISHED, toContent, type Content, type ContentRow } from "./content-shapes";
import { PREVIEW_TTL_MS, signPreviewToken, verifyPreviewToken } from "./preview-tokens";

/** A draft and a fresh preview token for it: what a CMS would hand an editor. */
export type DraftPreview = { content: Content; preview_token: string; expired_at: string };

/** Preview tokens for every draft, valid for `ttlMs` from now. */
export function issueDraftPreviews(ctx: PlatformContext, ttlMs = PREVIEW_TTL_MS): DraftPreview[] {
  const rows = ctx.db.prepare(`SELECT ${CONTENT_COLUMNS} FROM ${CONTENT_FROM} WHERE c.state = ? ORDER BY c.id`).all(STATE_DRAFT) as ContentRow[];
  const expiredAt = new Date(ctx.now().getTime() + ttlMs);
  return rows.map((row) => {
    const content = toContent(ctx, row);
    return { content, preview_token: signPreviewToken(ctx.previewSecret, content.post_id, expiredAt), expired_at: expiredAt.toISOString() };
  });
}

/**
 * The draft (or published content: editors preview edits too) a valid preview token opens, with the token's
 * expiry; undefined for a bad token or an id that is missing, offline or deleted.
 */
export function findPreviewable(ctx: PlatformContext, postId: string, token: string): { row: ContentRow; expiredAt: Date } | undefined {
  const expiredAt = verifyPreviewToken(ctx.previewSecret, token, postId, ctx.now());
  const id = ctx.ids.decode(postId);
  if (!expiredAt || id === null) return undefined;
  const row = ctx.db
    .prepare(`SELECT ${CONTENT_COLUMNS} FROM ${CONTENT_FROM} WHERE c.id = ? AND c.state IN (?, ?)`)
    .get(id, STATE_DRAFT, STATE_PUBLISHED) as ContentRow | undefined;
  return row && { row, expiredAt };
}
