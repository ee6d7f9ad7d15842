import { describe, expect, it } from "vitest";
import { COMMENT_TEXTS, canComment, expandRepliesText, validateComment } from "./comment-text";

describe("COMMENT_TEXTS", () => {
  it("holds the spec's messages", () => {
    expect(COMMENT_TEXTS.empty).toBe("评论内容不能为空");
    expect(COMMENT_TEXTS.closed).toBe("评论已关闭");
    expect(COMMENT_TEXTS.emptyState).toBe("暂无评论，快来抢沙发吧");
    expect(COMMENT_TEXTS.tooLong).toBe("评论最多500字");
  });
});

describe("expandRepliesText", () => {
  it("names the number of replies", () => {
    expect(expandRepliesText(3)).toBe("展开3条回复");
    expect(expandRepliesText(12)).toBe("展开12条回复");
  });
});

describe("canComment", () => {
  it("is open when meta.comment_available is exactly 'true'", () => {
    expect(canComment({ meta: { comment_available: "true" } })).toBe(true);
    expect(canComment({ meta: { comment_available: "false" } })).toBe(false);
    expect(canComment({ meta: { comment_available: "TRUE" } })).toBe(false);
  });

  it("is open when enable_comment is set", () => {
    expect(canComment({ enable_comment: true })).toBe(true);
    expect(canComment({ enable_comment: 1 })).toBe(true);
    expect(canComment({ meta: { comment_available: "false" }, enable_comment: true })).toBe(true);
  });

  it("is closed by default", () => {
    expect(canComment({})).toBe(false);
    expect(canComment({ meta: {} })).toBe(false);
    expect(canComment({ enable_comment: false })).toBe(false);
    expect(canComment({ enable_comment: 0 })).toBe(false);
  });
});

describe("validateComment", () => {
  it("trims and accepts ordinary text", () => {
    expect(validateComment("  好文章 \n")).toEqual({ ok: true, text: "好文章" });
  });

  it("refuses empty and blank text", () => {
    for (const text of ["", "   ", "\n\t"]) {
      expect(validateComment(text)).toEqual({ ok: false, error: "评论内容不能为空" });
    }
  });

  it("allows exactly 500 characters and refuses 501", () => {
    expect(validateComment("字".repeat(500))).toMatchObject({ ok: true });
    expect(validateComment("字".repeat(501))).toEqual({ ok: false, error: "评论最多500字" });
  });

  it("counts an emoji as one character", () => {
    expect(validateComment("😀".repeat(500))).toMatchObject({ ok: true });
    expect(validateComment("😀".repeat(501))).toMatchObject({ ok: false });
  });
});
