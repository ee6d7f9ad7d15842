import { describe, expect } from "vitest";
import { bffTest } from "./fixtures.test-support";
import { SEED_FIXTURES } from "../../platform/seed";

const test = bffTest({ special: () => import("~/bff/special.server") });

describe("getSpecial", () => {
  test("returns the topic's own detail and its three sections of cards", async ({ upstream, special }) => {
    const topic = await special.getSpecial(upstream.caller, upstream.id(SEED_FIXTURES.special));
    expect(topic.special).toMatchObject({ content_type: "special", title: "专题｜城市更新进行时", style: { data: [expect.anything()] } });
    expect(topic.total_sections).toBe(3);
    expect(topic.sections.map((s) => [s.name, s.total, s.cards.length])).toEqual([
      ["交通出行", 4, 4],
      ["安居宜居", 3, 3],
      ["消费文化", 5, 5],
    ]);
    expect(topic.sections[0].cards[0]).toMatchObject({
      post_id: upstream.id(SEED_FIXTURES.manyComments),
      href: expect.stringMatching(/^\/news\/doc\//),
      cover: expect.stringMatching(/\.jpg$/),
    });
    expect(topic.sections[2].cards.map((c) => c.content_type)).toContain("svideo");
  });

  test("rejects content that is not a special with the platform's 10024", async ({ upstream, special }) => {
    await expect(special.getSpecial(upstream.caller, upstream.id(SEED_FIXTURES.article))).rejects.toMatchObject({ kind: "code", code: 10024 });
  });
});
