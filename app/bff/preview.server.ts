import { PlatformError, isMissingContent, platformRequest, type Caller } from "~/bff/client.server";
import { detailSchema, type ContentDetail } from "~/bff/content.server";

/** Refused without asking the platform. */
const MAX_TOKEN_LENGTH = 256;

export type PreviewResult =
  | { kind: "draft"; detail: ContentDetail }
  /** Genuine-looking but its time is up: the page says "preview expired". */
  | { kind: "expired"; expired_at: string }
  | { kind: "missing" };

/** Read WITHOUT checking the signature, only to word the refusal; whether a draft shows is the platform's decision. */
export function claimedExpiry(token: string, postId: string): Date | null {
  try {
    const claims = JSON.parse(Buffer.from(token.split(".")[0] ?? "", "base64url").toString("utf8")) as { pid?: unknown; exp?: unknown };
    return claims.pid === postId && typeof claims.exp === "number" && Number.isFinite(claims.exp) ? new Date(claims.exp) : null;
  } catch {
    return null;
  }
}

/** Never through the answers cache: a draft belongs to its link's holder, and an expired link must stop at once. */
export async function getPreviewDetail(caller: Caller, postId: string, token: string, now = new Date()): Promise<PreviewResult> {
  if (!token || token.length > MAX_TOKEN_LENGTH) return { kind: "missing" };
  try {
    const detail = await platformRequest(`/peony/v1/preview/content/${encodeURIComponent(postId)}`, caller, {
      query: { preview: token },
      schema: detailSchema,
    });
    return { kind: "draft", detail };
  } catch (error) {
    // 10024: the platform's one answer to bad, foreign and expired tokens alike; 400: a token it cannot read.
    const unreadable = error instanceof PlatformError && error.kind === "code" && error.code === 400;
    if (!isMissingContent(error) && !unreadable) throw error;
    const expiry = claimedExpiry(token, postId);
    return expiry && expiry.getTime() <= now.getTime() ? { kind: "expired", expired_at: expiry.toISOString() } : { kind: "missing" };
  }
}
