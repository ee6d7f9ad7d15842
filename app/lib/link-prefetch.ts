import { isSingleFetchDataPath, singleFetchDataUrl } from "~/framework/remix-internals";

/** Spec section 9. */
export const PREFETCH_IDLE_TIMEOUT_MS = 2000;

/** So a long list does not spend a visitor's data on pages never opened. */
export const MAX_PREFETCHES = 12;

/** Chromium and Android WebViews have `navigator.connection`; Safari does not. */
export type ConnectionFacts = { saveData?: boolean; effectiveType?: string } | undefined;

export function mayPrefetch(connection: ConnectionFacts): boolean {
  if (!connection) return true;
  if (connection.saveData) return false;
  return !(connection.effectiveType ?? "").includes("2g");
}

/** A router link prefetches its page's data (single fetch), a plain link the page. */
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
