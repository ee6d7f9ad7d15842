import { describe, expect, it } from "vitest";
import { FILTERED_TYPES, filterListItems } from "~/lib/list-filter";

const item = (content_type: string, layout?: string, id = content_type) => ({ id, content_type, layout });

describe("filterListItems", () => {
  it("drops every type the spec lists and keeps content types", () => {
    const spec = "app naoce applet dimim circle dejin report wzlist ask-politics fazak maavd ilive zoceh service clue_report".split(" ");
    expect([...FILTERED_TYPES].sort()).toEqual([...spec].sort());
    const kept = ["article", "video", "svideo", "audio", "image", "special", "link", "local_live"];
    const result = filterListItems([...spec, ...kept].map((type) => item(type)));
    expect(result.map((i) => i.content_type)).toEqual(kept);
  });

  it("keeps the first item of a layout and drops later ones", () => {
    const result = filterListItems([
      item("article", "banner", "a"),
      item("article", undefined, "b"),
      item("video", "banner", "c"),
      item("article", "hot", "d"),
      item("article", "", "e"),
      item("article", "hot", "f"),
    ]);
    expect(result.map((i) => i.id)).toEqual(["a", "b", "d", "e"]);
  });

  it("does not count a layout of a dropped item as seen", () => {
    const result = filterListItems([item("service", "banner", "x"), item("article", "banner", "y")]);
    expect(result.map((i) => i.id)).toEqual(["y"]);
  });

  it("matches types exactly", () => {
    expect(filterListItems([item("App"), item("apps"), item("dejin ")])).toHaveLength(3);
  });
});
