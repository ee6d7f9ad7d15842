import { describe, expect, it } from "vitest";
import { BASE_PATH, sitePath } from "~/lib/base-path";

describe("sitePath", () => {
  it("puts a router path under the base", () => {
    expect(sitePath("/news/doc/1/index.html")).toBe(`${BASE_PATH}news/doc/1/index.html`);
    expect(sitePath("/")).toBe(BASE_PATH);
    expect(sitePath("auth?x=1")).toBe(`${BASE_PATH}auth?x=1`);
  });
});
