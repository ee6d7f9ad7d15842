import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { json, startFakePlatform } from "./fake-platform.test-support";

describe("comments", () => {
  let platform: Awaited<ReturnType<typeof startFakePlatform>>;
  let comments: typeof import("./comments.server");

  beforeAll(async () => {
    platform = await startFakePlatform();
    comments = await import("./comments.server");
  });

  afterAll(() => platform.close());

  it("keep nothing of the reader who asked first: the list is shared by every visitor", async () => {
    const comment = { gid: "c1", content: "好", created_at: "2026-11-20T08:00:00+08:00", star: true, star_count: 3 };
    const reply = { ...comment, gid: "c2", level: 2, parent_id: "c1" };
    platform.answer((_req, res) => json(res, { code: 0, message: "", data: { list: [{ ...comment, replys: [reply] }], total: 1 } }));
    const page = await comments.listComments({ token: "a-logged-in-reader", requestId: "r" }, "p1", 1);
    expect(page.list[0]).not.toHaveProperty("star");
    expect(page.list[0].replys[0]).not.toHaveProperty("star");
    expect(page.list[0].star_count).toBe(3);
  });
});
