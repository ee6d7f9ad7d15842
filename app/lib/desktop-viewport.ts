import type { Device } from "~/lib/device";

/**
 * Spec section 9 desktop rule: a wide landscape viewport, or a user agent that is neither mobile nor Harmony.
 * Takes the server's parse of the user agent, so the browser never ships the UA parser.
 */
export function isDesktopViewport(width: number, height: number, device: Pick<Device, "isMobile" | "isHarmony">): boolean {
  if (width >= 1000 && width > height) return true;
  return !device.isMobile && !device.isHarmony;
}
