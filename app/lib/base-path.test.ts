import { describe, expect, it } from "vitest";
import { BASE_PATH, routerPath, sitePath } from "~/lib/base-path";

describe("sitePath", () => {
  it("puts a router path under the base", () => {
    expect(sitePath("/news/doc/1/index.html")).toBe(`${BASE_PATH}news/doc/1/index.html`);
    expect(sitePath("/")).toBe(BASE_PATH);
    expect(sitePath("auth?x=1")).toBe(`${BASE_PATH}auth?x=1`);
  });
});

describe("routerPath", () => {
  it("takes the base off a site path, keeping query and hash", () => {
    expect(routerPath(`${BASE_PATH}news/doc/1/index.html?a=1#c-2`)).toBe("/news/doc/1/index.html?a=1#c-2");
    expect(routerPath(BASE_PATH)).toBe("/");
  });
  it("is the inverse of sitePath", () => {
    expect(routerPath(sitePath("/auth?redirect=x"))).toBe("/auth?redirect=x");
  });
});
