import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startBffUpstream } from "../../platform/bff-upstream.test-support";
import { LIST_FIXTURES } from "../../platform/seed-lists";

let local: Awaited<ReturnType<typeof startBffUpstream>>;
let lists: typeof import("~/bff/lists.server");

beforeAll(async () => {
  local = await startBffUpstream();
  lists = await import("~/bff/lists.server");
});
afterAll(() => local.close());

describe("getList", () => {
  it("reads a titled list as cards, ten a page", async () => {
    const listId = local.id(LIST_FIXTURES.cityRenewal);
    const first = await lists.getList(local.caller, listId, 1);
    expect(first).toMatchObject({ title: "城市更新观察", description: expect.stringContaining("老城"), total: 11 });
    expect(first.list).toHaveLength(10);
    expect(first.list[0]).toMatchObject({
      post_id: local.id(1),
      content_type: "article",
      href: expect.stringMatching(/^\/news\/doc\/\d{4}\/\d{2}\/[^/]+\/index\.html$/),
      cover: expect.stringMatching(/^\/_platform\/media\//),
    });
    expect((await lists.getList(local.caller, listId, 2)).list).toHaveLength(1);
  });

  it("reads an empty list, and fails with the platform's 404 for an unknown one", async () => {
    expect(await lists.getList(local.caller, local.id(LIST_FIXTURES.empty), 1)).toMatchObject({ title: "临江年度人物", list: [], total: 0 });
    await expect(lists.getList(local.caller, local.id(404), 1)).rejects.toMatchObject({ kind: "code", code: 404 });
  });
});

describe("getContentModel", () => {
  it("reads a model's groups and the group asked for", async () => {
    const id = local.id(LIST_FIXTURES.livelihood);
    const model = await lists.getContentModel(local.caller, { id, page: 1 });
    expect(model).toMatchObject({ title: "临江民生", group: local.id(LIST_FIXTURES.livelihoodTransport), total: 3 });
    expect(model.groups.map((g) => g.name)).toEqual(["交通出行", "住房社区", "公共服务"]);
    const services = await lists.getContentModel(local.caller, { id, group: local.id(LIST_FIXTURES.livelihoodServices), page: 1 });
    expect(services.list.map((c) => c.content_type)).toContain("mini_program");
    await expect(lists.getContentModel(local.caller, { id, group: local.id(77), page: 1 })).rejects.toMatchObject({ code: 404 });
  });
});
