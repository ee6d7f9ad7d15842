import { describe, expect, it } from "vitest";
import { filterListItems } from "./filter-items";

describe("filterListItems", () => {
  it("drops every unsupported type", () => {
    const unsupported = [
      "app",
      "naoce",
      "applet",
      "dimim",
      "circle",
      "dejin",
      "report",
      "wzlist",
      "ask-politics",
      "fazak",
      "maavd",
      "ilive",
      "zoceh",
      "service",
      "clue_report",
    ];
    expect(filterListItems(unsupported.map((type) => ({ type })))).toEqual([]);
  });

  it("keeps supported and untyped items in order", () => {
    const items = [{ type: "article" }, {}, { type: "video" }, { type: "topic" }];
    expect(filterListItems(items)).toEqual(items);
  });

  it("keeps only the first item of each layout", () => {
    const items = [
      { id: 1, layout: "banner" },
      { id: 2, layout: "grid" },
      { id: 3, layout: "banner" },
      { id: 4 },
      { id: 5 },
      { id: 6, layout: "" },
      { id: 7, layout: "" },
    ];
    expect(filterListItems(items).map((item) => item.id)).toEqual([1, 2, 4, 5, 6, 7]);
  });

  it("lets a layout through when its earlier item was dropped for its type", () => {
    const items = [
      { id: 1, type: "app", layout: "banner" },
      { id: 2, type: "article", layout: "banner" },
    ];
    expect(filterListItems(items).map((item) => item.id)).toEqual([2]);
  });

  it("does not mutate its input", () => {
    const items = [{ type: "app" }, { type: "article" }];
    filterListItems(items);
    expect(items).toHaveLength(2);
  });

  it("matches types exactly", () => {
    expect(filterListItems([{ type: "App" }, { type: "apps" }])).toHaveLength(2);
  });
});
