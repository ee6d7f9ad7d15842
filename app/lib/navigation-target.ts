import { communityPaths } from "~/lib/community-paths";
import { dejinPaths } from "~/lib/dejin-paths";
import { APP_ONLY_CATEGORIES, SITE, groupPath, type ModuleFacts } from "~/lib/navigation-modules";

// Where an item leads is resolved on the server (app/bff/app-config.server.ts), so these rules and the paths of the
// areas they name stay out of every page's JavaScript: a module of their own, apart from the panel's and bar's rules.

/** A record id as app info names it (list, circle, topic, question): what the site's ids look like, nothing else. */
const RECORD_ID = /^[A-Za-z0-9_-]{1,64}$/;
const recordPath = (binding: string, path: (id: string) => string) => (RECORD_ID.test(binding) ? path(binding) : null);

/**
 * The areas of the site an item may open by a record it binds (docs/platform-api.md, "Navigation items"): the
 * category names the area (as the app's module types do), the binding the record's id.
 */
const RECORD_PAGES = new Map<string, (id: string) => string>([
  ["list", (id) => `/list/${id}/index`],
  ["content_model", (id) => `/content_model/index?id=${id}`],
  ["circle", communityPaths.circle],
  ["circle_topic", communityPaths.topic],
  ["fazak", communityPaths.question],
]);
/** The longest tip-off topic name a binding may carry. */
const MAX_DEJIN_TOPIC = 64;

/** A `page` binding as a path on the site (query kept), or null when it is not a plain root-relative path. */
function sitePagePath(binding: string): string | null {
  if (!binding.startsWith("/") || binding.startsWith("//") || /[\u0000-\u0020\u007f\\]/.test(binding)) return null;
  // Dot segments would be resolved away by the URL parser: a binding carrying them is refused, not rewritten.
  if (/(^|\/)(\.|%2e){1,2}(\/|$|[?#])/i.test(binding)) return null;
  try {
    const url = new URL(binding, SITE);
    if (url.origin !== SITE) return null;
    return url.pathname + url.search;
  } catch {
    return null;
  }
}

/**
 * Where a navigation module leads, relative to the base path (docs/platform-api.md, "Navigation items"): a group
 * item to the home page with its groups as tabs (the home item to `/`), a list, content-model, circle, circle-topic
 * or law-question item to the page of the record it binds, a tip-off item to its topic (or, binding nothing, to the
 * topics), a page item to its page; null for an app-only item and for one whose binding names nowhere the site can go.
 */
export function itemTarget(item: ModuleFacts): string | null {
  if (APP_ONLY_CATEGORIES.has(item.category)) return null;
  switch (item.category) {
    case "group":
      if (item.isHome) return "/";
      return item.groups[0] ? groupPath(item.groups[0].gid) : null;
    case "dejin": {
      const topic = item.binding.trim();
      if (!topic) return dejinPaths.catalog();
      return topic.length <= MAX_DEJIN_TOPIC ? dejinPaths.topic(topic) : null;
    }
    case "page":
      return sitePagePath(item.binding);
    default: {
      const path = RECORD_PAGES.get(item.category);
      return path ? recordPath(item.binding, path) : null;
    }
  }
}
