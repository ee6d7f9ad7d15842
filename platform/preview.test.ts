import { describe, expect, it } from "vitest";
import { createPlatform } from "./app";
import type { ContentDetail } from "./content-shapes";
import type { Envelope } from "./envelope";
import { PREVIEW_TTL_MS, signPreviewToken, verifyPreviewToken } from "./preview-tokens";
import { SEED_FIXTURES } from "./seed";
import { platformTest, TEST_PREVIEW_SECRET, testIds } from "./test-platform";

const id = (n: number) => testIds.encode(n);
const NOT_FOUND = { code: 10024, message: "内容不存在", data: null };

const test = platformTest.extend<{ preview: (postId: string, previewToken: string) => Promise<Envelope<ContentDetail>> }>({
  preview: async ({ p, token }, use) =>
    use((postId, previewToken) => p.get(`/peony/v1/preview/content/${postId}?preview=${encodeURIComponent(previewToken)}`, { token })),
});

describe("preview tokens", () => {
  const secret = "a-secret-of-sufficient-length";
  const now = new Date("2026-05-20T02:00:00.000Z");
  const later = new Date(now.getTime() + PREVIEW_TTL_MS);

  it("opens the post it was issued for until it expires", () => {
    const token = signPreviewToken(secret, "abc12345", later);
    expect(verifyPreviewToken(secret, token, "abc12345", now)).toEqual(later);
    expect(verifyPreviewToken(secret, token, "abc12345", new Date(later.getTime() - 1))).toEqual(later);
    expect(verifyPreviewToken(secret, token, "abc12345", later)).toBeNull();
  });

  it("refuses another post, another secret, altered claims or signature, and garbage", () => {
    const token = signPreviewToken(secret, "abc12345", later);
    const [body, signature] = token.split(".");
    expect(verifyPreviewToken(secret, token, "zzz99999", now)).toBeNull();
    expect(verifyPreviewToken("another-secret-entirely", token, "abc12345", now)).toBeNull();
    const longer = Buffer.from(JSON.stringify({ pid: "abc12345", exp: later.getTime() + 3_600_000 })).toString("base64url");
    expect(verifyPreviewToken(secret, `${longer}.${signature}`, "abc12345", now)).toBeNull();
    // Every spelling of the last signature character but the issued one.
    const last = signature.at(-1)!;
    for (const other of ["A", "B", "C", "D"].filter((c) => c !== last)) {
      expect(verifyPreviewToken(secret, `${body}.${signature.slice(0, -1)}${other}`, "abc12345", now)).toBeNull();
    }
    for (const garbage of ["", ".", "abc", `${body}.`, `.${signature}`, `${token}.x`, "x".repeat(10_000)]) {
      expect(verifyPreviewToken(secret, garbage, "abc12345", now)).toBeNull();
    }
    const notJson = Buffer.from("not json").toString("base64url");
    const signedNotJson = signPreviewToken(secret, "abc12345", later).replace(body, notJson);
    expect(verifyPreviewToken(secret, signedNotJson, "abc12345", now)).toBeNull();
  });
});

it("refuses a preview secret too short to sign with", () => {
  expect(() => createPlatform({ dbPath: ":memory:", hashidsSalt: "s", hashidsMinLength: 8, previewSecret: "short", log: () => undefined })).toThrow(
    /at least 16/,
  );
});

describe("preview endpoint", () => {
  test("issues a preview link for every draft, valid for 30 minutes", ({ p }) => {
    const drafts = p.draftPreviews();
    expect(drafts.map((d) => d.content.post_id)).toEqual([id(SEED_FIXTURES.draftArticle), id(SEED_FIXTURES.draftVideo)]);
    for (const draft of drafts) {
      expect(draft.content.state).toBe(0);
      expect(new Date(draft.expired_at).getTime()).toBe(p.now().getTime() + PREVIEW_TTL_MS);
    }
  });

  test("serves a draft for its token, with the token's expiry as expired_at", async ({ p, preview }) => {
    const [article, video] = p.draftPreviews();
    const result = await preview(article.content.post_id, article.preview_token);
    expect(result.code).toBe(0);
    expect(result.data).toMatchObject({ post_id: id(SEED_FIXTURES.draftArticle), content_type: "article", state: 0, expired_at: article.expired_at });
    expect(result.data!.content).toContain("内部预览稿");
    const videoResult = await preview(video.content.post_id, video.preview_token);
    expect(videoResult.data).toMatchObject({ content_type: "video", hls_url: "/_platform/media/river-dawn.m3u8", duration_sec: 8 });
  });

  test("answers a guessed id, a token for another post, a forged or an expired token alike", async ({ p, token, preview }) => {
    const [article, video] = p.draftPreviews();
    const draftId = article.content.post_id;
    expect(await preview(draftId, video.preview_token)).toEqual(NOT_FOUND);
    expect(await preview(draftId, signPreviewToken("a-forger-guessing-the-key", draftId, new Date(p.now().getTime() + 60_000)))).toEqual(NOT_FOUND);
    expect(await preview(draftId, `${article.preview_token}x`)).toEqual(NOT_FOUND);
    expect(await preview(draftId, "anything")).toEqual(NOT_FOUND);
    expect(await preview("nope", article.preview_token)).toEqual(NOT_FOUND);
    const expired = signPreviewToken(TEST_PREVIEW_SECRET, draftId, new Date(p.now().getTime() - 1));
    expect(await preview(draftId, expired)).toEqual(NOT_FOUND);
    expect(await p.get(`/peony/v1/preview/content/${draftId}`, { token })).toEqual({ code: 400, message: "缺少参数 preview", data: null });
    expect((await p.get(`/peony/v1/preview/content/${draftId}?preview=${article.preview_token}`)).code).toBe(401);
  });

  test("stops serving when the link expires", async ({ p, preview }) => {
    const [article] = p.draftPreviews();
    expect((await preview(article.content.post_id, article.preview_token)).code).toBe(0);
    p.advance(PREVIEW_TTL_MS);
    expect(await preview(article.content.post_id, article.preview_token)).toEqual(NOT_FOUND);
  });

  test("previews published content too, but not offline or deleted content", async ({ p, preview }) => {
    const expiry = new Date(p.now().getTime() + 60_000);
    const sign = (n: number) => signPreviewToken(TEST_PREVIEW_SECRET, id(n), expiry);
    expect((await preview(id(SEED_FIXTURES.article), sign(SEED_FIXTURES.article))).data).toMatchObject({
      state: 1,
      expired_at: expiry.toISOString(),
    });
    expect(await preview(id(SEED_FIXTURES.state17), sign(SEED_FIXTURES.state17))).toEqual(NOT_FOUND);
    expect(await preview(id(SEED_FIXTURES.state100), sign(SEED_FIXTURES.state100))).toEqual(NOT_FOUND);
  });
});
