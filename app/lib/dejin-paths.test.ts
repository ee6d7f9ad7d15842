import { describe, expect, it } from "vitest";
import { clueListPageUrl, dejinPaths, parseClueList, type ClueList } from "~/lib/dejin-paths";

describe("dejinPaths", () => {
  it("builds the spec's dejin routes", () => {
    expect(dejinPaths.catalog()).toBe("/dejin/catalog/index");
    expect(dejinPaths.content()).toBe("/dejin/content/index");
    expect(dejinPaths.detail("aB3x")).toBe("/dejin/detail/aB3x/index");
    expect(dejinPaths.personal("Zk9q")).toBe("/dejin/personal/Zk9q/index");
  });

  it("encodes a Chinese topic name as one segment and adds the channel as a query", () => {
    expect(dejinPaths.topic("城市随手拍")).toBe("/dejin/topic/%E5%9F%8E%E5%B8%82%E9%9A%8F%E6%89%8B%E6%8B%8D/index");
    expect(dejinPaths.topic("a/b", "c1")).toBe("/dejin/topic/a%2Fb/index?channel=c1");
  });
});

describe("clue list page URLs", () => {
  it("round-trip every kind of list", () => {
    const lists: ClueList[] = [
      { kind: "stream" },
      { kind: "topic", topic_name: "城市随手拍" },
      { kind: "topic", topic_name: "城市随手拍", channel: "c&1" },
      { kind: "reporter", userId: "u1" },
      { kind: "mentions", userId: "u1" },
    ];
    for (const list of lists) {
      const url = new URL(clueListPageUrl(list, 3), "http://x");
      expect(url.pathname).toBe("/api/dejin/clues");
      expect(url.searchParams.get("page")).toBe("3");
      expect(parseClueList(url.searchParams)).toEqual(list.kind === "topic" && !list.channel ? { ...list, channel: undefined } : list);
    }
  });

  it("reads no list from a query that names none or lacks its key", () => {
    for (const query of ["", "list=everything", "list=topic", "list=reporter", "list=mentions&topic=x"]) {
      expect(parseClueList(new URLSearchParams(query))).toBeNull();
    }
  });
});
