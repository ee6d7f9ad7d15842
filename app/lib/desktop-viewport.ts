import type { Device } from "~/lib/device";

/**
 * Spec section 9 desktop rule: a wide landscape viewport, or a user agent that is neither mobile nor Harmony.
 * Takes the server's parse of the user agent, so the browser never ships the UA parser. A Macintosh user agent
 * with touch points (navigator.maxTouchPoints) is Safari on an iPad, a tablet like any other; a Mac has none.
 */
export function isDesktopViewport(
  width: number,
  height: number,
  device: Pick<Device, "isMobile" | "isHarmony" | "isMacintosh">,
  maxTouchPoints: number,
): boolean {
  if (width >= 1000 && width > height) return true;
  if (device.isMacintosh && maxTouchPoints > 0) return false;
  return !device.isMobile && !device.isHarmony;
}
