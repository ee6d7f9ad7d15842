import { describe, expect, it } from "vitest";
import { contrast, contrastWithWhite, DARK_TEXT_BACKGROUND, DEFAULT_THEME_COLOR, readableOnDark, readableOnWhite } from "~/lib/theme";

describe("readableOnWhite", () => {
  it("darkens the default theme colour to at least 4.5:1 against white, keeping its hue", () => {
    expect(contrastWithWhite(DEFAULT_THEME_COLOR)).toBeLessThan(4.5);
    const text = readableOnWhite(DEFAULT_THEME_COLOR);
    expect(contrastWithWhite(text)).toBeGreaterThanOrEqual(4.5);
    expect(contrastWithWhite(text)).toBeLessThan(5.2);
    const [r, g, b] = [1, 3, 5].map((i) => parseInt(text.slice(i, i + 2), 16));
    expect(r).toBeGreaterThan(g);
    expect(g).toBeGreaterThan(b);
  });

  it("leaves a colour that already reads well alone, short hex included", () => {
    expect(readableOnWhite("#1f5fbf")).toBe("#1f5fbf");
    expect(readableOnWhite("#036")).toBe("#003366");
  });

  it("handles pale colours", () => {
    expect(contrastWithWhite(readableOnWhite("#ffee88"))).toBeGreaterThanOrEqual(4.5);
  });
});

describe("contrastWithWhite", () => {
  it("spans 1 (white) to 21 (black)", () => {
    expect(contrastWithWhite("#ffffff")).toBeCloseTo(1);
    expect(contrastWithWhite("#000000")).toBeCloseTo(21);
  });
});

describe("readableOnDark", () => {
  it("lightens the default theme colour to at least 4.5:1 on the dark scheme's backgrounds, keeping its hue", () => {
    expect(contrast(DEFAULT_THEME_COLOR, DARK_TEXT_BACKGROUND)).toBeLessThan(4.5);
    const text = readableOnDark(DEFAULT_THEME_COLOR);
    expect(contrast(text, DARK_TEXT_BACKGROUND)).toBeGreaterThanOrEqual(4.5);
    expect(contrast(text, DARK_TEXT_BACKGROUND)).toBeLessThan(5.2);
    const [r, g, b] = [1, 3, 5].map((i) => parseInt(text.slice(i, i + 2), 16));
    expect(r).toBeGreaterThan(g);
    expect(g).toBeGreaterThan(b);
  });

  it("leaves a light colour alone and lifts a very dark one", () => {
    expect(readableOnDark("#ffcc00")).toBe("#ffcc00");
    expect(contrast(readableOnDark("#036"), DARK_TEXT_BACKGROUND)).toBeGreaterThanOrEqual(4.5);
  });
});

describe("contrast", () => {
  it("is symmetric and spans 1 to 21", () => {
    expect(contrast("#000000", "#ffffff")).toBeCloseTo(21);
    expect(contrast("#ffffff", "#000000")).toBeCloseTo(21);
    expect(contrast("#25272c", "#25272c")).toBeCloseTo(1);
  });
});
