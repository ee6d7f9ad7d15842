import { PAGE_TYPES } from "~/lib/content-types";

/** Spec section 2: bypasses WeChat's page cache. */
const TIMESTAMPED_SEGMENTS = PAGE_TYPES.map(({ page }) => `/${page.segment}/`);

export const TIMESTAMP_PARAM = "_t";

export function needsTimestamp(pathname: string, search: string): boolean {
  if (!TIMESTAMPED_SEGMENTS.some((segment) => pathname.includes(segment))) return false;
  return !new URLSearchParams(search).has(TIMESTAMP_PARAM);
}

export function withTimestamp(href: string, now: number): string {
  // A scheme at the start means absolute; URL.canParse would say so too but is missing from older WeChat webviews.
  const isAbsolute = /^[a-z][a-z\d+.-]*:/i.test(href);
  const url = new URL(href, "http://relative.invalid");
  url.searchParams.set(TIMESTAMP_PARAM, String(now));
  return isAbsolute ? url.href : url.pathname + url.search + url.hash;
}
