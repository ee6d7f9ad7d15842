import { TIMESTAMP_PARAM } from "~/lib/timestamp-param";

/**
 * Spec section 2: a detail page tells its parent window (the /pc wrapper, which frames it) that the route changed,
 * with the document detail. Only what the wrapper can use travels, and only to this site's own origin.
 */
export type ChangeRouteMessage = {
  type: "changeRoute";
  /** The framed page's address (path and query, under the base path), without its `_t`. */
  path: string;
  detail: { post_id: string; content_type: string; title: string; summary: string; cover: string };
};

/** `path` is the page's path and query; its `_t` timestamp (spec section 2) is a cache-buster, not an address. */
export function changeRouteMessage(path: string, content: ChangeRouteMessage["detail"]): ChangeRouteMessage {
  const { post_id, content_type, title, summary, cover } = content;
  const url = new URL(path, "http://path.invalid");
  url.searchParams.delete(TIMESTAMP_PARAM);
  return { type: "changeRoute", path: url.pathname + url.search, detail: { post_id, content_type, title, summary, cover } };
}
