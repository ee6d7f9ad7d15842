import { describe, expect } from "vitest";
import { json } from "./fake-platform.test-support";
import { fakePlatformTest } from "./fixtures.test-support";

const test = fakePlatformTest({
  content: () => import("~/bff/content.server"),
  lists: () => import("~/bff/lists.server"),
  search: () => import("~/bff/search.server"),
});

const caller = { token: "t", requestId: "r" };
const item = (post_id: string, content_type: string, layout?: string) => ({
  post_id,
  content_type,
  title: `标题${post_id}`,
  publish_at: "2026-11-20T02:00:00.000Z",
  ...(layout ? { layout } : {}),
});
// What a platform may put in any list: app-only types, and page blocks repeated further down.
const mixed = [
  item("a", "article", "banner"),
  item("b", "dejin"),
  item("c", "video"),
  item("d", "article", "banner"),
  item("e", "clue_report"),
  item("f", "audio"),
];
const kept = ["a", "c", "f"];

describe("the list filter in the BFF", () => {
  test("applies to the home feed, the side lists and related reading", async ({ platform, content }) => {
    platform.answer((req, res) => {
      const list = { list: mixed, total: 6 };
      json(res, { code: 0, message: "success", data: req.url?.includes("hot72") ? { news: mixed, total: 6 } : list });
    });
    expect((await content.listContent(caller, { gid: "filter-home", page: 1, size: 10 })).list.map((c) => c.post_id)).toEqual(kept);
    expect((await content.listFeed(caller, "hot72", 91, 10, "")).list.map((c) => c.post_id)).toEqual(kept);
    expect((await content.listRelated(caller, "filter-related", 5)).map((c) => c.post_id)).toEqual(kept);
  });

  test("applies to curated lists, content models and search results, keeping the platform's total", async ({ platform, lists, search }) => {
    platform.answer((req, res) => {
      const data = { title: "列表", groups: [], group: "", keyword: "k", list: mixed, total: 16 };
      json(res, { code: 0, message: "success", data: req.url?.includes("hot-words") ? { list: [] } : data });
    });
    const list = await lists.getList(caller, "filter-list", 1);
    expect(list.list.map((c) => c.post_id)).toEqual(kept);
    expect(list.total).toBe(16);
    expect((await lists.getContentModel(caller, { id: "filter-model", page: 1 })).list.map((c) => c.post_id)).toEqual(kept);
    expect((await search.searchContent(caller, "k", 1)).list.map((c) => c.post_id)).toEqual(kept);
  });
});
