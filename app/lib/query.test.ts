import { describe, expect, it } from "vitest";
import { withParam } from "~/lib/query";

describe("withParam", () => {
  it("sets a parameter and keeps the others", () => {
    expect(withParam("?_t=1&cpage=2", "hpage", "3")).toBe("?_t=1&cpage=2&hpage=3");
  });
  it("replaces an existing value", () => {
    expect(withParam("?cpage=2", "cpage", "3")).toBe("?cpage=3");
  });
  it("removes a parameter", () => {
    expect(withParam("?cpage=2&expand=x", "expand", null)).toBe("?cpage=2");
    expect(withParam("?expand=x", "expand", null)).toBe("?");
  });
});
