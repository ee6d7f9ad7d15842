import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startBffUpstream } from "../../platform/bff-upstream.test-support";

let local: Awaited<ReturnType<typeof startBffUpstream>>;
let search: typeof import("~/bff/search.server");

beforeAll(async () => {
  local = await startBffUpstream();
  search = await import("~/bff/search.server");
});
afterAll(() => local.close());

describe("getHotWords", () => {
  it("reads ten hot words in order", async () => {
    const words = await search.getHotWords(local.caller);
    expect(words).toHaveLength(10);
    expect(words[0]).toEqual({ word: "地铁5号线", heat: 985432, label: "热" });
  });
});

describe("searchContent", () => {
  it("pages results as cards", async () => {
    const first = await search.searchContent(local.caller, "临江", 1);
    expect(first.total).toBeGreaterThan(10);
    expect(first.list).toHaveLength(10);
    const second = await search.searchContent(local.caller, "临江", 2);
    expect(second.list.map((c) => c.post_id)).not.toContain(first.list[0].post_id);
  });

  it("answers hostile keywords with an empty page", async () => {
    for (const keyword of ["<script>alert(1)</script>", "%", "_", "'\""]) {
      expect(await search.searchContent(local.caller, keyword, 1), keyword).toEqual({ list: [], total: 0 });
    }
  });

  it("shares the results of a hot word briefly, and reads any other keyword afresh", async () => {
    const hot = await search.searchContent(local.caller, "马拉松", 1);
    expect(hot.total).toBeGreaterThan(0);
    const other = await search.searchContent(local.caller, "白鹤", 1);
    expect(other.total).toBe(1);
    // The same object back means the remembered answer; a new one, a fresh call.
    const requests = await Promise.all([search.searchContent(local.caller, "马拉松", 1), search.searchContent(local.caller, "白鹤", 1)]);
    expect(requests[0]).toBe(hot);
    expect(requests[1]).not.toBe(other);
  });
});
