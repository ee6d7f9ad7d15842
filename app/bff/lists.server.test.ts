import { describe, expect } from "vitest";
import { bffTest } from "./fixtures.test-support";
import { APP_OPEN_HASH } from "~/lib/app-open";
import { TYPE_CARD_FIXTURES } from "../../platform/seed-content-types";
import { LIST_FIXTURES } from "../../platform/seed-lists";

const test = bffTest({ lists: () => import("~/bff/lists.server") });

describe("getList", () => {
  test("reads a titled list as cards, ten a page", async ({ upstream, lists }) => {
    const listId = upstream.id(LIST_FIXTURES.cityRenewal);
    const first = await lists.getList(upstream.caller, listId, 1);
    expect(first).toMatchObject({ title: "城市更新观察", description: expect.stringContaining("老城"), total: 11 });
    expect(first.list).toHaveLength(10);
    expect(first.list[0]).toMatchObject({
      post_id: upstream.id(1),
      content_type: "article",
      href: expect.stringMatching(/^\/news\/doc\/\d{4}\/\d{2}\/[^/]+\/index\.html$/),
      cover: expect.stringMatching(/^\/_platform\/media\//),
    });
    expect((await lists.getList(upstream.caller, listId, 2)).list).toHaveLength(1);
  });

  test("reads an empty list, and fails with the platform's 404 for an unknown one", async ({ upstream, lists }) => {
    expect(await lists.getList(upstream.caller, upstream.id(LIST_FIXTURES.empty), 1)).toMatchObject({ title: "临江年度人物", list: [], total: 0 });
    await expect(lists.getList(upstream.caller, upstream.id(404), 1)).rejects.toMatchObject({ kind: "code", code: 404 });
  });

  test("shows every card whose target is missing or refused, leading to its share link or the app-open dialog", async ({ upstream, lists }) => {
    const { list, total } = await lists.getList(upstream.caller, upstream.id(LIST_FIXTURES.untargeted), 1);
    expect(total).toBe(4);
    expect(list.map(({ post_id, href }) => [post_id, href])).toEqual([
      [upstream.id(TYPE_CARD_FIXTURES.untargetedTopic), "https://www.example.com/davmu/topic/morning-run"],
      [upstream.id(TYPE_CARD_FIXTURES.untargetedSpTopic), APP_OPEN_HASH],
      [upstream.id(TYPE_CARD_FIXTURES.untargetedLive), APP_OPEN_HASH],
      [upstream.id(TYPE_CARD_FIXTURES.hostileH5), APP_OPEN_HASH],
    ]);
  });
});

describe("getContentModel", () => {
  test("reads a model's groups and the group asked for", async ({ upstream, lists }) => {
    const id = upstream.id(LIST_FIXTURES.livelihood);
    const model = await lists.getContentModel(upstream.caller, { id, page: 1 });
    expect(model).toMatchObject({ title: "临江民生", group: upstream.id(LIST_FIXTURES.livelihoodTransport), total: 3 });
    expect(model.groups.map((g) => g.name)).toEqual(["交通出行", "住房社区", "公共服务"]);
    const services = await lists.getContentModel(upstream.caller, { id, group: upstream.id(LIST_FIXTURES.livelihoodServices), page: 1 });
    expect(services.list.map((c) => c.content_type)).toContain("mini_program");
    await expect(lists.getContentModel(upstream.caller, { id, group: upstream.id(77), page: 1 })).rejects.toMatchObject({ code: 404 });
  });
});
