import { describe, expect } from "vitest";
import { bffTest } from "./fixtures.test-support";

const test = bffTest({ search: () => import("~/bff/search.server") });

describe("getHotWords", () => {
  test("reads ten hot words in order", async ({ upstream, search }) => {
    const words = await search.getHotWords(upstream.caller);
    expect(words).toHaveLength(10);
    expect(words[0]).toEqual({ word: "地铁5号线", keyword: "地铁5号线", heat: 985432, label: "热" });
  });
});

describe("searchContent", () => {
  test("pages results as cards", async ({ upstream, search }) => {
    const first = await search.searchContent(upstream.caller, "临江", 1);
    expect(first.total).toBeGreaterThan(10);
    expect(first.list).toHaveLength(10);
    const second = await search.searchContent(upstream.caller, "临江", 2);
    expect(second.list.map((c) => c.post_id)).not.toContain(first.list[0].post_id);
  });

  test("answers hostile keywords with an empty page", async ({ upstream, search }) => {
    for (const keyword of ["<script>alert(1)</script>", "%", "_", "'\""]) {
      expect(await search.searchContent(upstream.caller, keyword, 1), keyword).toEqual({ list: [], total: 0 });
    }
  });

  test("shares the results of a hot word briefly, and reads any other keyword afresh", async ({ upstream, search }) => {
    const hot = await search.searchContent(upstream.caller, "马拉松", 1);
    expect(hot.total).toBeGreaterThan(0);
    const other = await search.searchContent(upstream.caller, "白鹤", 1);
    expect(other.total).toBe(1);
    // The same object back means the remembered answer; a new one, a fresh call.
    const requests = await Promise.all([search.searchContent(upstream.caller, "马拉松", 1), search.searchContent(upstream.caller, "白鹤", 1)]);
    expect(requests[0]).toBe(hot);
    expect(requests[1]).not.toBe(other);
  });
});
