import { describe, expect } from "vitest";
import { bffTest } from "./fixtures.test-support";
import { signPreviewToken } from "../../platform/preview-tokens";
import { SEED_FIXTURES } from "../../platform/seed";
import { TEST_PREVIEW_SECRET } from "../../platform/test-platform";

const test = bffTest({ preview: () => import("~/bff/preview.server") });

const MINUTE = 60_000;

describe("getPreviewDetail", () => {
  test("reads a draft through its preview link, with the link's expiry as expired_at", async ({ upstream, preview }) => {
    const [draft] = upstream.platform.draftPreviews();
    const result = await preview.getPreviewDetail(upstream.caller, draft.content.post_id, draft.preview_token);
    expect(result).toMatchObject({
      kind: "draft",
      detail: { post_id: upstream.id(SEED_FIXTURES.draftArticle), state: 0, expired_at: draft.expired_at },
    });
  });

  test("gives a draft video its player sources", async ({ upstream, preview }) => {
    const video = upstream.platform.draftPreviews().find((d) => d.content.content_type === "video")!;
    const result = await preview.getPreviewDetail(upstream.caller, video.content.post_id, video.preview_token);
    expect(result.kind === "draft" && result.detail.media).toMatchObject({ kind: "video", hls: "/_platform/media/river-dawn.m3u8" });
  });

  test("never answers from a cache: the same draft with a bad token right after a good one is refused", async ({ upstream, preview }) => {
    const [draft] = upstream.platform.draftPreviews();
    const postId = draft.content.post_id;
    expect((await preview.getPreviewDetail(upstream.caller, postId, draft.preview_token)).kind).toBe("draft");
    const forged = signPreviewToken("not-the-platform-secret", postId, new Date(upstream.platform.now().getTime() + 30 * MINUTE));
    const now = upstream.platform.now();
    expect(await preview.getPreviewDetail(upstream.caller, postId, forged, now)).toEqual({ kind: "missing" });
    expect(await preview.getPreviewDetail(upstream.caller, postId, `${draft.preview_token}x`, now)).toEqual({ kind: "missing" });
  });

  test("tells an expired link apart from a bad one", async ({ upstream, preview }) => {
    const postId = upstream.id(SEED_FIXTURES.draftArticle);
    const expiredAt = new Date(upstream.platform.now().getTime() - MINUTE);
    const expired = signPreviewToken(TEST_PREVIEW_SECRET, postId, expiredAt);
    expect(await preview.getPreviewDetail(upstream.caller, postId, expired, upstream.platform.now())).toEqual({
      kind: "expired",
      expired_at: expiredAt.toISOString(),
    });
    // Issued for another post: not this one's to expire.
    expect(await preview.getPreviewDetail(upstream.caller, upstream.id(SEED_FIXTURES.draftVideo), expired, upstream.platform.now())).toEqual({
      kind: "missing",
    });
  });

  test("refuses empty, oversized and unreadable tokens, and unknown ids, as missing", async ({ upstream, preview }) => {
    const [draft] = upstream.platform.draftPreviews();
    for (const token of ["", "x".repeat(300), "not-a-token", "%%%.%%%"]) {
      expect(await preview.getPreviewDetail(upstream.caller, draft.content.post_id, token)).toEqual({ kind: "missing" });
    }
    expect(await preview.getPreviewDetail(upstream.caller, "nope", draft.preview_token)).toEqual({ kind: "missing" });
  });

  test("keeps drafts out of the ordinary (cached) detail", async ({ upstream }) => {
    const content = await import("~/bff/content.server");
    await expect(content.getContentDetail(upstream.caller, upstream.id(SEED_FIXTURES.draftArticle))).rejects.toMatchObject({ code: 10024 });
  });
});
