import { describe, expect } from "vitest";
import { json } from "./fake-platform.test-support";
import { fakePlatformTest } from "./fixtures.test-support";

const test = fakePlatformTest({ flyCards: () => import("~/bff/fly-cards.server") });

const caller = { token: "t", requestId: "r" };
const card = (index: number, post_id: string, content_type: string) => ({
  index,
  headline: `卡片${index}`,
  blurb: "",
  content: { post_id, content_type, title: `标题${post_id}`, publish_at: "2026-11-20T02:00:00.000Z" },
});

describe("getDeck", () => {
  test("reads a deck's cards as cards of their content, through the list filter, keeping each card's position", async ({ platform, flyCards }) => {
    platform.answer((req, res) =>
      json(res, {
        code: 0,
        message: "success",
        data: {
          list_id: "d1",
          title: "一分钟看懂临江",
          cover: "javascript:alert(1)",
          list: [card(1, "a", "article"), card(2, "b", "dejin"), card(3, "c", "video")],
          total: 3,
        },
      }),
    );
    const deck = await flyCards.getDeck(caller, "d1", 1, 50);
    expect(platform.seen[0].url).toBe("/api/peony/v1/fly_card/d1?page=1&size=50");
    expect(deck.cover).toBe("");
    expect(deck.list.map((c) => [c.index, c.card.post_id])).toEqual([
      [1, "a"],
      [3, "c"],
    ]);
    expect(deck.list[0].card).toMatchObject({ content_type: "article", href: "/news/doc/2026/11/a/index.html" });
  });

  test("fails with the platform's 404 for an unknown deck", async ({ platform, flyCards }) => {
    platform.answer((_req, res) => json(res, { code: 404, message: "卡片集不存在", data: null }));
    await expect(flyCards.getDeck(caller, "missing", 1, 50)).rejects.toMatchObject({ kind: "code", code: 404 });
  });
});
