import { describe, expect } from "vitest";
import { json } from "./fake-platform.test-support";
import { fakePlatformTest } from "./fixtures.test-support";

const test = fakePlatformTest({ comments: () => import("./comments.server") });

describe("comments", () => {
  test("keep nothing of the reader who asked first: the list is shared by every visitor", async ({ platform, comments }) => {
    const comment = { gid: "c1", content: "好", created_at: "2026-11-20T08:00:00+08:00", star: true, star_count: 3 };
    const reply = { ...comment, gid: "c2", level: 2, parent_id: "c1" };
    platform.answer((_req, res) => json(res, { code: 0, message: "", data: { list: [{ ...comment, replys: [reply] }], total: 1 } }));
    const page = await comments.listComments({ token: "a-logged-in-reader", requestId: "r" }, "p1", 1);
    expect(page.list[0]).not.toHaveProperty("star");
    expect(page.list[0].replys[0]).not.toHaveProperty("star");
    expect(page.list[0].star_count).toBe(3);
  });
});
