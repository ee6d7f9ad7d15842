import { describe, expect, it } from "vitest";
import type { Content } from "./content-shapes";
import type { Envelope } from "./envelope";
import { containsPattern } from "./routes/search";
import { LIST_FIXTURES } from "./seed-lists";
import { platformTest, testIds } from "./test-platform";

const id = (n: number) => testIds.encode(n);
type Page = { list: Content[]; total: number };

const test = platformTest.extend<{ search: (query: string) => Promise<Envelope<Page & { keyword: string }>> }>({
  search: async ({ p, token }, use) => use((query) => p.get(`/peony/v1/search?${query}`, { token })),
});

describe("lists", () => {
  test("pages a titled list in the editor's order, leaving out offline content", async ({ p, token }) => {
    const first = await p.get<Page & { title: string; list_id: string }>(`/peony/v1/list/${id(LIST_FIXTURES.cityRenewal)}`, { token });
    expect(first.code).toBe(0);
    expect(first.data).toMatchObject({ list_id: id(LIST_FIXTURES.cityRenewal), title: "城市更新观察", total: 11 });
    expect(first.data!.list).toHaveLength(10);
    expect(first.data!.list.slice(0, 3).map((c) => c.post_id)).toEqual([id(1), id(2), id(10)]);
    // Content 14 is offline: listed by the editor, never shown.
    expect(first.data!.list.map((c) => c.post_id)).not.toContain(id(14));
    const second = await p.get<Page>(`/peony/v1/list/${id(LIST_FIXTURES.cityRenewal)}?page=2`, { token });
    expect(second.data!.list.map((c) => c.post_id)).toEqual([id(16)]);
    const past = await p.get<Page>(`/peony/v1/list/${id(LIST_FIXTURES.cityRenewal)}?page=3`, { token });
    expect(past.data).toMatchObject({ list: [], total: 11 });
  });

  test("answers an empty list with its title", async ({ p, token }) => {
    const result = await p.get<Page & { title: string }>(`/peony/v1/list/${id(LIST_FIXTURES.empty)}`, { token });
    expect(result.data).toMatchObject({ title: "临江年度人物", list: [], total: 0 });
  });

  test("answers 404 for an unknown or undecodable list and 400 for bad paging", async ({ p, token }) => {
    expect(await p.get(`/peony/v1/list/${id(999)}`, { token })).toEqual({ code: 404, message: "列表不存在", data: null });
    expect(await p.get("/peony/v1/list/not-an-id", { token })).toMatchObject({ code: 404 });
    expect(await p.get(`/peony/v1/list/${id(1)}?page=0`, { token })).toMatchObject({ code: 400, message: "参数 page 不能小于 1" });
    expect(await p.get(`/peony/v1/list/${id(1)}?size=51`, { token })).toMatchObject({ code: 400, message: "参数 size 不能大于 50" });
    expect(await p.get(`/peony/v1/list/${id(1)}?page=abc`, { token })).toMatchObject({ code: 400, message: "参数 page 格式错误" });
  });

  test("requires a token", async ({ p }) => {
    expect(await p.get(`/peony/v1/list/${id(1)}`)).toMatchObject({ code: 401 });
  });
});

describe("content models", () => {
  type Model = Page & { title: string; groups: { gid: string; name: string }[]; group: string };

  test("answers the first group by default, and the group asked for", async ({ p, token }) => {
    const model = await p.get<Model>(`/peony/v1/content_model?id=${id(LIST_FIXTURES.livelihood)}`, { token });
    expect(model.data).toMatchObject({
      title: "临江民生",
      groups: [
        { gid: id(LIST_FIXTURES.livelihoodTransport), name: "交通出行" },
        { gid: id(LIST_FIXTURES.livelihoodHousing), name: "住房社区" },
        { gid: id(LIST_FIXTURES.livelihoodServices), name: "公共服务" },
      ],
      group: id(LIST_FIXTURES.livelihoodTransport),
      total: 3,
    });
    const housing = await p.get<Model>(
      `/peony/v1/content_model?id=${id(LIST_FIXTURES.livelihood)}&group=${id(LIST_FIXTURES.livelihoodHousing)}&size=1&page=2`,
      { token },
    );
    // Items 14 and 15 are offline and deleted: two of four remain.
    expect(housing.data).toMatchObject({ group: id(LIST_FIXTURES.livelihoodHousing), total: 2 });
    expect(housing.data!.list.map((c) => c.post_id)).toEqual([id(16)]);
  });

  test("validates the id and the group", async ({ p, token }) => {
    expect(await p.get("/peony/v1/content_model", { token })).toMatchObject({ code: 400, message: "缺少参数 id" });
    expect(await p.get(`/peony/v1/content_model?id=${id(99)}`, { token })).toEqual({ code: 404, message: "内容模型不存在", data: null });
    // A group of another model is not this model's group.
    expect(await p.get(`/peony/v1/content_model?id=${id(LIST_FIXTURES.livelihood)}&group=${id(4)}`, { token })).toEqual({
      code: 404,
      message: "分组不存在",
      data: null,
    });
  });
});

describe("search", () => {
  test("serves the hot words in order, at most `size`", async ({ p, token }) => {
    const words = await p.get<{ list: { word: string; heat: number; label: string }[] }>("/peony/v1/search/hot-words", { token });
    expect(words.data!.list).toHaveLength(10);
    expect(words.data!.list[0]).toEqual({ word: "地铁5号线", heat: 985432, label: "热" });
    const three = await p.get<{ list: unknown[] }>("/peony/v1/search/hot-words?size=3", { token });
    expect(three.data!.list).toHaveLength(3);
    expect(await p.get("/peony/v1/search/hot-words?size=21", { token })).toMatchObject({ code: 400 });
  });

  test("finds a two-character Chinese word in titles and summaries, title matches first", async ({ search }) => {
    const result = await search(`keyword=${encodeURIComponent("夜市")}`);
    expect(result.code).toBe(0);
    const titles = result.data!.list.map((c) => c.title);
    expect(titles).toContain("老街夜市重新开张 首周客流超二十万人次");
    expect(result.data!.total).toBe(titles.length);
    // 专题｜城市更新进行时 has 夜市 only in its summary; every title match comes before every summary-only match.
    expect(titles).toContain("专题｜城市更新进行时");
    const firstSummaryOnly = titles.findIndex((title) => !title.includes("夜市"));
    expect(firstSummaryOnly).toBeGreaterThan(0);
    expect(titles.slice(firstSummaryOnly).some((title) => title.includes("夜市"))).toBe(false);
  });

  test("needs every word of a keyword with several words", async ({ search }) => {
    const both = await search(`keyword=${encodeURIComponent("临江　马拉松")}`);
    expect(both.data!.list.every((c) => `${c.title}${c.summary}`.includes("马拉松"))).toBe(true);
    expect(both.data!.total).toBe(2);
    expect((await search(`keyword=${encodeURIComponent("马拉松 白鹤")}`)).data!.total).toBe(0);
  });

  test("pages results", async ({ search }) => {
    const all = await search(`keyword=${encodeURIComponent("临江")}&size=50`);
    expect(all.data!.total).toBeGreaterThan(10);
    const second = await search(`keyword=${encodeURIComponent("临江")}&page=2`);
    expect(second.data!.list.map((c) => c.post_id)).toEqual(all.data!.list.slice(10, 20).map((c) => c.post_id));
  });

  test("never lists offline, deleted or draft content", async ({ search }) => {
    // 关于滨江花园小区临时停水的通知 (14) is offline.
    expect((await search(`keyword=${encodeURIComponent("停水")}`)).data!.total).toBe(0);
  });

  test("takes % and _ literally, and hostile keywords are plain text", async ({ search }) => {
    for (const keyword of ["%", "_", "\\", "%%", "'", '"', "' OR 1=1 --", "<script>alert(1)</script>"]) {
      const result = await search(`keyword=${encodeURIComponent(keyword)}`);
      expect(result, keyword).toMatchObject({ code: 0, data: { total: 0, list: [] } });
    }
  });

  test("validates the keyword and the paging", async ({ search }) => {
    expect(await search("")).toEqual({ code: 400, message: "请输入搜索关键词", data: null });
    expect(await search("keyword=%20%20")).toEqual({ code: 400, message: "请输入搜索关键词", data: null });
    expect(await search(`keyword=${"长".repeat(51)}`)).toEqual({ code: 400, message: "搜索关键词不能超过50个字", data: null });
    expect(await search("keyword=a&keyword=b")).toMatchObject({ code: 400, message: "参数 keyword 格式错误" });
    expect(await search("keyword=a&page=-1")).toMatchObject({ code: 400 });
    expect(await search("keyword=a&size=100")).toMatchObject({ code: 400, message: "参数 size 不能大于 50" });
  });
});

describe("containsPattern", () => {
  it("escapes LIKE wildcards and the escape character", () => {
    expect(containsPattern("100%_a\\b")).toBe("%100\\%\\_a\\\\b%");
  });
});
