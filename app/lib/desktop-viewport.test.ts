import { describe, expect, it } from "vitest";
import { isDesktopViewport } from "~/lib/desktop-viewport";

const phone = { isMobile: true, isHarmony: false, isMacintosh: false };
const harmony = { isMobile: false, isHarmony: true, isMacintosh: false };
const desktop = { isMobile: false, isHarmony: false, isMacintosh: false };
// Safari on a Mac and on an iPad since iPadOS 13 send the same user agent.
const macintosh = { isMobile: false, isHarmony: false, isMacintosh: true };

describe("isDesktopViewport", () => {
  it("treats a wide landscape window as desktop, whatever the device", () => {
    expect(isDesktopViewport(1024, 768, phone, 5)).toBe(true);
    expect(isDesktopViewport(1000, 999, phone, 5)).toBe(true);
  });
  it("keeps phones and tablets in portrait, narrow or square windows", () => {
    expect(isDesktopViewport(390, 844, phone, 5)).toBe(false);
    expect(isDesktopViewport(999, 500, phone, 5)).toBe(false);
    expect(isDesktopViewport(1000, 1000, phone, 5)).toBe(false);
    expect(isDesktopViewport(768, 1024, harmony, 5)).toBe(false);
  });
  it("treats a desktop user agent as desktop even in a narrow window", () => {
    expect(isDesktopViewport(400, 800, desktop, 0)).toBe(true);
    expect(isDesktopViewport(400, 800, desktop, 10)).toBe(true);
  });
  it("tells an iPad from a Mac by its touch points", () => {
    expect(isDesktopViewport(834, 1194, macintosh, 5)).toBe(false);
    expect(isDesktopViewport(834, 1194, macintosh, 1)).toBe(false);
    expect(isDesktopViewport(1194, 834, macintosh, 5)).toBe(true);
    expect(isDesktopViewport(834, 1194, macintosh, 0)).toBe(true);
    expect(isDesktopViewport(1440, 900, macintosh, 0)).toBe(true);
  });
});
