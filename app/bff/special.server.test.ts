import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startBffUpstream } from "../../platform/bff-upstream.test-support";
import { SEED_FIXTURES } from "../../platform/seed";

let local: Awaited<ReturnType<typeof startBffUpstream>>;
let special: typeof import("~/bff/special.server");

beforeAll(async () => {
  local = await startBffUpstream();
  special = await import("~/bff/special.server");
});
afterAll(() => local.close());

describe("getSpecial", () => {
  it("returns the topic's own detail and its three sections of cards", async () => {
    const topic = await special.getSpecial(local.caller, local.id(SEED_FIXTURES.special));
    expect(topic.special).toMatchObject({ content_type: "special", title: "专题｜城市更新进行时", style: { data: [expect.anything()] } });
    expect(topic.total_sections).toBe(3);
    expect(topic.sections.map((s) => [s.name, s.total, s.cards.length])).toEqual([
      ["交通出行", 4, 4],
      ["安居宜居", 3, 3],
      ["消费文化", 5, 5],
    ]);
    expect(topic.sections[0].cards[0]).toMatchObject({
      post_id: local.id(SEED_FIXTURES.manyComments),
      href: expect.stringMatching(/^\/news\/doc\//),
      cover: expect.stringMatching(/\.jpg$/),
    });
    expect(topic.sections[2].cards.map((c) => c.content_type)).toContain("svideo");
  });

  it("rejects content that is not a special with the platform's 10024", async () => {
    await expect(special.getSpecial(local.caller, local.id(SEED_FIXTURES.article))).rejects.toMatchObject({ kind: "code", code: 10024 });
  });
});
