import { BASE_PATH } from "~/lib/base-path";
import type { Device } from "~/lib/device";
import type { ItemFlags } from "~/lib/item-flags";
import { isDesktopViewport } from "~/lib/desktop-viewport";
import { isPcPage } from "~/lib/redirect-target";

/** Spec section 9: the desktop check runs 200 ms after start-up. */
export const DESKTOP_CHECK_DELAY_MS = 200;

/**
 * Sends desktop visitors to the /pc wrapper, which embeds this page in an iframe. The server
 * already redirects desktop user agents but Macintosh ones; this catches what only the page can tell (a
 * landscape tablet, a resized window, a Mac rather than an iPad). `device` is the server's parse of the user agent.
 * Returns a function that cancels the pending check.
 */
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
    // The item's own desktop page (pc_url), else this page in the wrapper.
    location.replace(desktop.kind === "page" ? desktop.url : `${BASE_PATH}pc?url=${encodeURIComponent(location.href)}`);
  }, DESKTOP_CHECK_DELAY_MS);
  return () => window.clearTimeout(timer);
}
