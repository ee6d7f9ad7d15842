import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startBffUpstream } from "../../platform/bff-upstream.test-support";
import { signPreviewToken } from "../../platform/preview-tokens";
import { SEED_FIXTURES } from "../../platform/seed";
import { TEST_PREVIEW_SECRET } from "../../platform/test-platform";

let local: Awaited<ReturnType<typeof startBffUpstream>>;
let preview: typeof import("~/bff/preview.server");

beforeAll(async () => {
  local = await startBffUpstream();
  preview = await import("~/bff/preview.server");
});
afterAll(() => local.close());

const MINUTE = 60_000;

describe("getPreviewDetail", () => {
  it("reads a draft through its preview link, with the link's expiry as expired_at", async () => {
    const [draft] = local.platform.draftPreviews();
    const result = await preview.getPreviewDetail(local.caller, draft.content.post_id, draft.preview_token);
    expect(result).toMatchObject({ kind: "draft", detail: { post_id: local.id(SEED_FIXTURES.draftArticle), state: 0, expired_at: draft.expired_at } });
  });

  it("gives a draft video its player sources", async () => {
    const video = local.platform.draftPreviews().find((d) => d.content.content_type === "video")!;
    const result = await preview.getPreviewDetail(local.caller, video.content.post_id, video.preview_token);
    expect(result.kind === "draft" && result.detail.media).toMatchObject({ kind: "video", hls: "/_platform/media/river-dawn.m3u8" });
  });

  it("never answers from a cache: the same draft with a bad token right after a good one is refused", async () => {
    const [draft] = local.platform.draftPreviews();
    const postId = draft.content.post_id;
    expect((await preview.getPreviewDetail(local.caller, postId, draft.preview_token)).kind).toBe("draft");
    const forged = signPreviewToken("not-the-platform-secret", postId, new Date(local.platform.now().getTime() + 30 * MINUTE));
    const now = local.platform.now();
    expect(await preview.getPreviewDetail(local.caller, postId, forged, now)).toEqual({ kind: "missing" });
    expect(await preview.getPreviewDetail(local.caller, postId, `${draft.preview_token}x`, now)).toEqual({ kind: "missing" });
  });

  it("tells an expired link apart from a bad one", async () => {
    const postId = local.id(SEED_FIXTURES.draftArticle);
    const expiredAt = new Date(local.platform.now().getTime() - MINUTE);
    const expired = signPreviewToken(TEST_PREVIEW_SECRET, postId, expiredAt);
    expect(await preview.getPreviewDetail(local.caller, postId, expired, local.platform.now())).toEqual({
      kind: "expired",
      expired_at: expiredAt.toISOString(),
    });
    // Issued for another post: not this one's to expire.
    expect(await preview.getPreviewDetail(local.caller, local.id(SEED_FIXTURES.draftVideo), expired, local.platform.now())).toEqual({ kind: "missing" });
  });

  it("refuses empty, oversized and unreadable tokens, and unknown ids, as missing", async () => {
    const [draft] = local.platform.draftPreviews();
    for (const token of ["", "x".repeat(300), "not-a-token", "%%%.%%%"]) {
      expect(await preview.getPreviewDetail(local.caller, draft.content.post_id, token)).toEqual({ kind: "missing" });
    }
    expect(await preview.getPreviewDetail(local.caller, "nope", draft.preview_token)).toEqual({ kind: "missing" });
  });

  it("keeps drafts out of the ordinary (cached) detail", async () => {
    const content = await import("~/bff/content.server");
    await expect(content.getContentDetail(local.caller, local.id(SEED_FIXTURES.draftArticle))).rejects.toMatchObject({ code: 10024 });
  });
});
