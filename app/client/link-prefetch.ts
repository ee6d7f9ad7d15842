import { whenIdle } from "~/client/idle";
import { isRouterLink, isSingleFetchDataPath } from "~/framework/remix-internals";
import { BASE_PATH } from "~/lib/base-path";
import { MAX_PREFETCHES, mayPrefetch, prefetchUrl, PREFETCH_IDLE_TIMEOUT_MS, type ConnectionFacts } from "~/lib/link-prefetch";

const prefetched = new Set<string>();
let stopWatching: (() => void) | null = null;

function prefetch(url: string) {
  if (prefetched.has(url) || prefetched.size >= MAX_PREFETCHES) return;
  prefetched.add(url);
  const link = document.createElement("link");
  link.rel = "prefetch";
  // A page's data is fetched by script on navigation; the browser only reuses a prefetch made for the same use.
  if (isSingleFetchDataPath(new URL(url).pathname)) link.as = "fetch";
  link.href = url;
  document.head.append(link);
}

/** Spec section 9: links coming into view are prefetched once the page is idle, unless the connection is 2G or the visitor saves data. */
export function prefetchLinksOnIdle(): () => void {
  stopWatching?.();
  let observer: IntersectionObserver | null = null;
  const cancelIdle = whenIdle(() => {
    const connection = (navigator as Navigator & { connection?: ConnectionFacts }).connection;
    if (!mayPrefetch(connection) || !("IntersectionObserver" in window)) return;
    observer = new IntersectionObserver((entries) => {
      for (const entry of entries) {
        if (!entry.isIntersecting) continue;
        observer?.unobserve(entry.target);
        const anchor = entry.target as HTMLAnchorElement;
        const url = prefetchUrl(anchor.href, isRouterLink(anchor), location.href, BASE_PATH);
        if (url) prefetch(url);
      }
    });
    for (const anchor of document.querySelectorAll<HTMLAnchorElement>("a[href]")) {
      if (!anchor.hasAttribute("download") && !anchor.target) observer.observe(anchor);
    }
  }, PREFETCH_IDLE_TIMEOUT_MS);
  const stop = () => {
    cancelIdle();
    observer?.disconnect();
    if (stopWatching === stop) stopWatching = null;
  };
  stopWatching = stop;
  return stop;
}
