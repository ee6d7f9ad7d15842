import { describe, expect, it } from "vitest";
import { collectPages, MAX_PAGES, pageCount, pageNumber } from "~/lib/pages";

describe("pageCount", () => {
  it("accepts whole numbers from 1", () => {
    expect(pageCount("3")).toBe(3);
    expect(pageCount("1")).toBe(1);
  });
  it("falls back to 1 for junk", () => {
    for (const junk of [null, "", "0", "-2", "1.5", "abc", "1e3x"]) expect(pageCount(junk)).toBe(1);
  });
  it("caps the count", () => {
    expect(pageCount("999")).toBe(MAX_PAGES);
  });
});

describe("collectPages", () => {
  it("joins pages in order and keeps the first page's total", async () => {
    const result = await collectPages(3, async (page) => ({ list: [page * 10, page * 10 + 1], total: 42 }));
    expect(result).toEqual({ list: [10, 11, 20, 21, 30, 31], total: 42 });
  });
});

describe("pageNumber", () => {
  it("accepts any page from 1 and rejects junk", () => {
    expect(pageNumber("57")).toBe(57);
    expect(pageNumber("0")).toBe(1);
    expect(pageNumber("x")).toBe(1);
    expect(pageNumber(null)).toBe(1);
  });
});
