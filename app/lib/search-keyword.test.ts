import { describe, expect, it } from "vitest";
import { KEYWORD_TOO_LONG, MAX_KEYWORD_LENGTH, parseKeyword, searchTerms } from "~/lib/search-keyword";

describe("searchTerms", () => {
  it("splits on any white space, drops repeats, keeps five", () => {
    expect(searchTerms(" 地铁  地铁\u3000开通\t")).toEqual(["地铁", "开通"]);
    expect(searchTerms("a b c d e f g")).toEqual(["a", "b", "c", "d", "e"]);
    expect(searchTerms("   ")).toEqual([]);
  });
});

describe("parseKeyword", () => {
  it("trims and joins white space; missing is empty", () => {
    expect(parseKeyword("  老街\u3000 夜市 ")).toEqual({ keyword: "老街 夜市", error: null });
    expect(parseKeyword(null)).toEqual({ keyword: "", error: null });
  });

  it("counts characters, not UTF-16 units, against the limit", () => {
    expect(parseKeyword("😀".repeat(MAX_KEYWORD_LENGTH)).error).toBeNull();
    expect(parseKeyword("长".repeat(MAX_KEYWORD_LENGTH + 1))).toMatchObject({ error: KEYWORD_TOO_LONG });
  });
});
