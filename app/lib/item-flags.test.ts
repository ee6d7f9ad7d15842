import { describe, expect, it } from "vitest";
import { DEFAULT_ITEM_FLAGS, appTarget, itemFlagsOf } from "./item-flags";

const article = (payload: Record<string, unknown>) => ({ content_type: "article", payload });

describe("itemFlagsOf", () => {
  it("keeps the defaults for an item that sets no flag", () => {
    expect(itemFlagsOf(article({}), "davmu")).toEqual(DEFAULT_ITEM_FLAGS);
  });

  it("reads enable_app, app_url, enable_pc and pc_url", () => {
    expect(itemFlagsOf(article({ enable_app: false }), "davmu").appOffered).toBe(false);
    expect(itemFlagsOf(article({ app_url: "https://link.example/open/1" }), "davmu").appUrl).toBe("https://link.example/open/1");
    expect(itemFlagsOf(article({ enable_pc: false, pc_url: "https://www.example.org/pc" }), "davmu").desktop).toEqual({ kind: "stay" });
    expect(itemFlagsOf(article({ pc_url: "https://www.example.org/pc" }), "davmu").desktop).toEqual({
      kind: "page",
      url: "https://www.example.org/pc",
    });
    expect(itemFlagsOf(article({ pc_url: "javascript:alert(1)" }), "davmu").desktop).toEqual({ kind: "wrap" });
  });

  it("reads nav and capsule on a mini program only", () => {
    expect(itemFlagsOf({ content_type: "mini_program", payload: { nav: false, capsule: false } }, "davmu").miniProgram).toEqual({
      nav: false,
      capsule: false,
    });
    expect(itemFlagsOf(article({ nav: false, capsule: false }), "davmu").miniProgram).toEqual({ nav: true, capsule: true });
  });
});

describe("appTarget", () => {
  it("takes https and the app's own scheme, nothing else", () => {
    expect(appTarget("https://link.example/open?id=1", "davmu")).toBe("https://link.example/open?id=1");
    expect(appTarget("davmu://open?stype=x", "davmu")).toBe("davmu://open?stype=x");
    for (const url of ["http://link.example/open", "javascript://%0Aalert(1)", "other://open", "davmu://open\nx", 7, ""]) {
      expect(appTarget(url, "davmu")).toBe("");
    }
    expect(appTarget("davmu://open", "")).toBe("");
  });
});
