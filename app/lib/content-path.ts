import { APP_OPEN_HASH } from "~/lib/app-open";
import { communityPaths } from "~/lib/community-paths";
import { CONTENT_TYPES, contentTypeEntry, type Destination } from "~/lib/content-types";
import { shanghaiDateParts } from "~/lib/relative-date";

export type ContentPathInput = {
  content_type: string;
  post_id: string;
  publish_at: string;
  payload?: { url?: string; target_id?: string };
  share_link?: string;
};

const TARGET_ID = /^[A-Za-z0-9]{1,64}$/;

/** Never javascript: or an app scheme. */
export function httpTarget(url: string | undefined): string | null {
  // Control characters are refused, not normalised: browsers drop some of them silently ('java\tscript:').
  if (!url || !/^https?:\/\//i.test(url) || /[\u0000-\u001f\u007f\\]/.test(url)) return null;
  try {
    return new URL(url).href;
  } catch {
    return null;
  }
}

export function linkTarget(c: Pick<ContentPathInput, "content_type" | "payload">): string | null {
  return c.content_type === "link" ? httpTarget(c.payload?.url) : null;
}

/** Dates are UTC+8; an unparseable one gives '0000/00', as the route reads only the post id. */
export function contentPath(c: ContentPathInput, actor = "news"): string {
  const target = linkTarget(c);
  if (target) return target;
  return pagePath(c, contentTypeEntry(c.content_type)?.page ?? { segment: "doc", index: "index.html" }, actor);
}

function pagePath(c: Pick<ContentPathInput, "post_id" | "publish_at">, page: { segment: string; index: string }, actor: string): string {
  const date = shanghaiDateParts(c.publish_at);
  const yearMonth = date ? `${date.YYYY}/${date.MM}` : "0000/00";
  return `/${encodeURIComponent(actor)}/${page.segment}/${yearMonth}/${encodeURIComponent(c.post_id)}/${page.index}`;
}

/** Every card leads somewhere (at worst the app-open dialog), so none is dropped from its list. */
export function contentTarget(c: ContentPathInput, actor = "news"): string {
  const entry = contentTypeEntry(c.content_type);
  if (entry?.page) return pagePath(c, entry.page, actor);
  return (entry?.destination && destinationTarget(c, entry.destination, actor)) || httpTarget(c.share_link) || APP_OPEN_HASH;
}

function destinationTarget(c: ContentPathInput, destination: Destination, actor: string): string | null {
  if (destination === "payload_url") return httpTarget(c.payload?.url);
  const id = c.payload?.target_id ?? "";
  if (!TARGET_ID.test(id)) return null;
  switch (destination) {
    case "topic":
      return communityPaths.topic(id);
    case "special":
      // The special topic's home (spec section 2), served by the detail route without actor or date.
      return `/special/${encodeURIComponent(id)}/${CONTENT_TYPES.special.page.index}`;
    case "live":
      // The live page reads only the post id; the card's own date stands in for the broadcast's.
      return pagePath({ post_id: id, publish_at: c.publish_at }, CONTENT_TYPES.local_live.page, actor);
  }
}
