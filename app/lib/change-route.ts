import { TIMESTAMP_PARAM } from "~/lib/timestamp-param";

/** Spec section 3's document detail (DocDetail), as the changeRoute message carries it. */
export type DocDetail = {
  title: string;
  summary: string;
  /** The platform's share address, else the page's canonical one. */
  share_link: string;
  /** The platform's content type (article, image, video…). */
  content_type: string;
  track_id: string;
  post_id: string;
  /** The page's canonical address, as "open the app" hands it over. */
  content_link: string;
  /** The official account's id; '' when it has none. */
  mp: string;
  /** The page's type segment (doc, gallery, video…). */
  type: string;
};

/**
 * Spec section 2: a detail page tells its parent window that the route changed, with the document detail. The /pc
 * wrapper (same origin) follows it; an embedding site of an allowed origin (FRAME_PARENT_ORIGINS) gets it too.
 */
export type ChangeRouteMessage = {
  type: "changeRoute";
  /** The framed page's address (path and query, under the base path), without its `_t`. */
  path: string;
  detail: DocDetail;
};

/** The document detail of a content page, from the platform's detail and the page's own address and segment. */
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

/** `path` is the page's path and query; its `_t` timestamp (spec section 2) is a cache-buster, not an address. */
export function changeRouteMessage(path: string, detail: DocDetail): ChangeRouteMessage {
  const url = new URL(path, "http://path.invalid");
  url.searchParams.delete(TIMESTAMP_PARAM);
  return { type: "changeRoute", path: url.pathname + url.search, detail: { ...detail } };
}

/**
 * The origins the message is posted to, one postMessage each: the browser delivers it only to a parent of that very
 * origin, so a page framed by anyone else is told nothing. The site's own origin and the allowed parents; never '*'.
 * Where the browser names the parent's origin (location.ancestorOrigins), only that one, when it is allowed: the
 * others would be refused anyway, each with a console error.
 */
export function changeRouteTargets(ownOrigin: string, allowedParents: readonly string[], parentOrigin?: string): string[] {
  const allowed = [...new Set([ownOrigin, ...allowedParents])].filter((origin) => /^https?:\/\/[^/]+$/.test(origin));
  if (parentOrigin === undefined) return allowed;
  return allowed.includes(parentOrigin) ? [parentOrigin] : [];
}
