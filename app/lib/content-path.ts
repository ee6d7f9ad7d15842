import { contentTypeEntry } from "~/lib/content-types";
import { shanghaiDateParts } from "~/lib/relative-date";

export type ContentPathInput = {
  content_type: string;
  post_id: string;
  publish_at: string;
  payload?: { url?: string };
};

/** A link's target, when it is one a page may navigate to: http(s) only, never javascript: or an app scheme. */
export function linkTarget(c: Pick<ContentPathInput, "content_type" | "payload">): string | null {
  const url = c.payload?.url;
  // Control characters are refused, not normalised: browsers drop some of them silently ('java\tscript:').
  if (c.content_type !== "link" || !url || !/^https?:\/\//i.test(url) || /[\u0000-\u001f\u007f\\]/.test(url)) return null;
  try {
    return new URL(url).href;
  } catch {
    return null;
  }
}

/**
 * Where a piece of content lives on the share site, relative to the base path, e.g.
 * '/news/doc/2026/11/<post_id>/index.html' (year and month of publish_at in UTC+8; the segment and the
 * last part come from the content-type registry). Link content returns its own absolute http(s) URL instead;
 * types without a page and links without a usable URL fall back to the document page, where the detail
 * route answers 404. An unparseable publish_at gives '0000/00': the route only reads the post id.
 */
export function contentPath(c: ContentPathInput, actor = "news"): string {
  const target = linkTarget(c);
  if (target) return target;
  const page = contentTypeEntry(c.content_type)?.page;
  const date = shanghaiDateParts(c.publish_at);
  const yearMonth = date ? `${date.YYYY}/${date.MM}` : "0000/00";
  return `/${encodeURIComponent(actor)}/${page?.segment ?? "doc"}/${yearMonth}/${encodeURIComponent(c.post_id)}/${page?.index ?? "index.html"}`;
}
