import { TIMESTAMP_PARAM } from "~/lib/timestamp-param";

export type DocDetail = {
  title: string;
  summary: string;
  share_link: string;
  content_type: string;
  track_id: string;
  post_id: string;
  content_link: string;
  mp: string;
  type: string;
};

/** Spec section 2: a detail page tells its parent window (the /pc wrapper or an allowed embedder) the route changed. */
export type ChangeRouteMessage = {
  type: "changeRoute";
  path: string;
  detail: DocDetail;
};

export function docDetailOf(
  content: { title: string; summary: string; share_link: string; content_type: string; track_id: string; post_id: string; mp: string },
  page: { canonical: string; segment: string },
): DocDetail {
  const { title, summary, share_link, content_type, track_id, post_id, mp } = content;
  return {
    title,
    summary,
    share_link: share_link || page.canonical,
    content_type,
    track_id,
    post_id,
    content_link: page.canonical,
    mp,
    type: page.segment,
  };
}

/**
 * What a parent posts to its frame to hear changeRoute again: the frame may have posted it before the parent listened
 * (the frame hydrates on its own, sometimes first), and a message nobody hears is lost.
 */
export const CHANGE_ROUTE_QUERY = { type: "changeRouteQuery" } as const;

export function isChangeRouteQuery(data: unknown): boolean {
  return typeof data === "object" && data !== null && (data as { type?: unknown }).type === CHANGE_ROUTE_QUERY.type;
}

/** The `_t` timestamp (spec section 2) is a cache-buster, not an address. */
export function changeRouteMessage(path: string, detail: DocDetail): ChangeRouteMessage {
  const url = new URL(path, "http://path.invalid");
  url.searchParams.delete(TIMESTAMP_PARAM);
  return { type: "changeRoute", path: url.pathname + url.search, detail: { ...detail } };
}

/** Never '*': the browser delivers only to a parent of that origin; one named by ancestorOrigins avoids console errors. */
export function changeRouteTargets(ownOrigin: string, allowedParents: readonly string[], parentOrigin?: string): string[] {
  const allowed = [...new Set([ownOrigin, ...allowedParents])].filter((origin) => /^https?:\/\/[^/]+$/.test(origin));
  if (parentOrigin === undefined) return allowed;
  return allowed.includes(parentOrigin) ? [parentOrigin] : [];
}
