import { BASE_PATH } from "~/lib/base-path";
import type { Device } from "~/lib/device";
import type { ItemFlags } from "~/lib/item-flags";
import { isDesktopViewport } from "~/lib/desktop-viewport";
import { isPcPage } from "~/lib/redirect-target";

/** Spec section 9: the desktop check runs 200 ms after start-up. */
export const DESKTOP_CHECK_DELAY_MS = 200;

/** The server redirects desktop user agents but Macintosh ones; this catches what only the page can tell (a resized window, a Mac vs an iPad). */
export function scheduleDesktopCheck(
  device: Pick<Device, "isMobile" | "isHarmony" | "isMacintosh" | "isBot" | "isOwnApp" | "isMiniProgram">,
  desktop: ItemFlags["desktop"],
): () => void {
  // The page's item keeps its phone page on desktop (enable_pc: false).
  if (desktop.kind === "stay") return () => undefined;
  const timer = window.setTimeout(() => {
    // Inside the wrapper's iframe (or any frame) a redirect would nest wrappers.
    if (window.top !== window.self || isPcPage(location.pathname)) return;
    if (device.isBot || device.isOwnApp || device.isMiniProgram) return;
    if (!isDesktopViewport(window.innerWidth, window.innerHeight, device, navigator.maxTouchPoints)) return;
    location.replace(desktop.kind === "page" ? desktop.url : `${BASE_PATH}pc?url=${encodeURIComponent(location.href)}`);
  }, DESKTOP_CHECK_DELAY_MS);
  return () => window.clearTimeout(timer);
}
