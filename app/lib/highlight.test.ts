import { describe, expect, it } from "vitest";
import { highlightParts } from "~/lib/highlight";

const marked = (text: string, keyword: string) =>
  highlightParts(text, keyword)
    .map((p) => (p.match ? `[${p.text}]` : p.text))
    .join("");

describe("highlightParts", () => {
  it("marks every match of every word, the text kept whole", () => {
    expect(marked("老街夜市重新开张 夜市首周", "夜市")).toBe("老街[夜市]重新开张 [夜市]首周");
    expect(marked("临江马拉松鸣枪开跑", "马拉松 临江")).toBe("[临江][马拉松]鸣枪开跑");
  });

  it("prefers the longer word where two overlap", () => {
    expect(marked("地铁5号线今日开通", "地铁 地铁5号线")).toBe("[地铁5号线]今日开通");
  });

  it("ignores case for Latin letters and keeps the text's own case", () => {
    expect(marked("Hello HLS world", "hls")).toBe("Hello [HLS] world");
  });

  it("treats regular-expression and markup characters as text", () => {
    expect(marked("a.b (c) [d] <script>", ".")).toBe("a[.]b (c) [d] <script>");
    expect(marked("x <b>y</b>", "<b>")).toBe("x [<b>]y</b>");
    expect(marked("100% 的 _下划线", "% _")).toBe("100[%] 的 [_]下划线");
  });

  it("gives the plain text without a keyword or a match, nothing for empty text", () => {
    expect(highlightParts("临江", "")).toEqual([{ text: "临江", match: false }]);
    expect(highlightParts("临江", "上海")).toEqual([{ text: "临江", match: false }]);
    expect(highlightParts("", "临江")).toEqual([]);
  });
});
