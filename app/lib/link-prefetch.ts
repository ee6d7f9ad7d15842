import { isSingleFetchDataPath, singleFetchDataUrl } from "~/framework/remix-internals";

/** Spec section 9: links are prefetched once the page is idle, at the latest this long after start-up. */
export const PREFETCH_IDLE_TIMEOUT_MS = 2000;

/** At most this many pages a page view, so a long list does not spend a visitor's data on pages never opened. */
export const MAX_PREFETCHES = 12;

/** What `navigator.connection` tells, where the browser has it (Chromium, Android WebViews; not Safari). */
export type ConnectionFacts = { saveData?: boolean; effectiveType?: string } | undefined;

/** Spec section 9: no prefetch on a 2G connection (slow-2g included) or when the visitor asked to save data. */
export function mayPrefetch(connection: ConnectionFacts): boolean {
  if (!connection) return true;
  if (connection.saveData) return false;
  return !(connection.effectiveType ?? "").includes("2g");
}

/**
 * What to prefetch for a link on the page, or null when it is not worth it: another origin, outside the site,
 * an API or asset, a hash on this page, the page itself. A link the router handles loads its page's data (single
 * fetch), so that is what is prefetched; a plain link loads the page.
 */
export function prefetchUrl(href: string, routerLink: boolean, here: string, basePath: string): string | null {
  let url: URL;
  let current: URL;
  try {
    current = new URL(here);
    url = new URL(href, current);
  } catch {
    return null;
  }
  if (url.origin !== current.origin || !/^https?:$/.test(url.protocol)) return null;
  if (!url.pathname.startsWith(basePath)) return null;
  const path = url.pathname.slice(basePath.length);
  if (
    path.startsWith("api/") ||
    path.startsWith("assets/") ||
    isSingleFetchDataPath(path) ||
    /\.(js|css|svg|png|jpe?g|webp|mp4|mp3|m3u8)$/i.test(path)
  )
    return null;
  if (url.pathname === current.pathname && url.search === current.search) return null;
  url.hash = "";
  return routerLink ? singleFetchDataUrl(url).href : url.href;
}
