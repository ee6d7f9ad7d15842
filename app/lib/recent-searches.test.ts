import { describe, expect, it } from "vitest";
import { MAX_RECENT_SEARCHES, addRecentSearch, parseRecentSearches } from "~/lib/recent-searches";

describe("addRecentSearch", () => {
  it("puts the keyword first, once", () => {
    expect(addRecentSearch(["夜市", "地铁"], "地铁")).toEqual(["地铁", "夜市"]);
    expect(addRecentSearch([], "马拉松")).toEqual(["马拉松"]);
  });

  it("keeps at most the limit, dropping the oldest", () => {
    const full = Array.from({ length: MAX_RECENT_SEARCHES }, (_, i) => `k${i}`);
    const next = addRecentSearch(full, "new");
    expect(next).toHaveLength(MAX_RECENT_SEARCHES);
    expect(next[0]).toBe("new");
    expect(next).not.toContain(`k${MAX_RECENT_SEARCHES - 1}`);
  });
});

describe("parseRecentSearches", () => {
  it("reads a stored list and refuses anything else", () => {
    expect(parseRecentSearches('["a","b"]')).toEqual(["a", "b"]);
    expect(parseRecentSearches(null)).toEqual([]);
    expect(parseRecentSearches("not json")).toEqual([]);
    expect(parseRecentSearches('{"a":1}')).toEqual([]);
    expect(parseRecentSearches('["a",1,null,"",{"b":2}]')).toEqual(["a"]);
  });
});
