import type { Device } from "~/lib/device";

/** Spec section 9. Takes the server's UA parse so the browser never ships the parser; a Mac UA with touch is an iPad. */
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
