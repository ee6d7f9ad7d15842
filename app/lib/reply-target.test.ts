import { describe, expect, it } from "vitest";
import { findReplyTarget, replyTargetOf } from "~/lib/reply-target";

const reply = { gid: "r1", level: 2, parent_id: "c1", owner_user_id: "u2", owner_alias: "小李", alias: "小李" };
const comment = { gid: "c1", level: 1, parent_id: "", owner_user_id: "u1", owner_alias: "老王", alias: "老王", replys: [reply] };

describe("replyTargetOf", () => {
  it("makes a level-1 comment the parent of its reply", () => {
    expect(replyTargetOf(comment)).toEqual({ gid: "c1", parentId: "c1", targetUserId: "u1", targetUserAlias: "老王", shownAlias: "老王" });
  });
  it("keeps the level-1 parent when answering a reply", () => {
    expect(replyTargetOf(reply)).toEqual({ gid: "r1", parentId: "c1", targetUserId: "u2", targetUserAlias: "小李", shownAlias: "小李" });
  });
});

describe("findReplyTarget", () => {
  it("finds comments and their replies", () => {
    expect(findReplyTarget([comment], "c1")?.parentId).toBe("c1");
    expect(findReplyTarget([comment], "r1")?.targetUserAlias).toBe("小李");
  });
  it("answers null for unknown or missing ids", () => {
    expect(findReplyTarget([comment], "nope")).toBeNull();
    expect(findReplyTarget([comment], null)).toBeNull();
  });
});
