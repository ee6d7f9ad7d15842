import { describe, expect, it } from "vitest";
import { isDesktopViewport } from "~/lib/desktop-viewport";

const phone = { isMobile: true, isHarmony: false };
const harmony = { isMobile: false, isHarmony: true };
const desktop = { isMobile: false, isHarmony: false };

describe("isDesktopViewport", () => {
  it("treats a wide landscape window as desktop, whatever the device", () => {
    expect(isDesktopViewport(1024, 768, phone)).toBe(true);
    expect(isDesktopViewport(1000, 999, phone)).toBe(true);
  });
  it("keeps phones and tablets in portrait, narrow or square windows", () => {
    expect(isDesktopViewport(390, 844, phone)).toBe(false);
    expect(isDesktopViewport(999, 500, phone)).toBe(false);
    expect(isDesktopViewport(1000, 1000, phone)).toBe(false);
    expect(isDesktopViewport(768, 1024, harmony)).toBe(false);
  });
  it("treats a desktop user agent as desktop even in a narrow window", () => {
    expect(isDesktopViewport(400, 800, desktop)).toBe(true);
  });
});
