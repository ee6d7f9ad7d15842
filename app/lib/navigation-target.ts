import { communityPaths } from "~/lib/community-paths";
import { dejinPaths } from "~/lib/dejin-paths";
import { APP_ONLY_CATEGORIES, SITE, groupPath, type ModuleFacts } from "~/lib/navigation-modules";

// Resolved on the server, so these rules stay out of every page's JavaScript.

const RECORD_ID = /^[A-Za-z0-9_-]{1,64}$/;
const recordPath = (binding: string, path: (id: string) => string) => (RECORD_ID.test(binding) ? path(binding) : null);

const RECORD_PAGES = new Map<string, (id: string) => string>([
  ["list", (id) => `/list/${id}/index`],
  ["content_model", (id) => `/content_model/index?id=${id}`],
  ["circle", communityPaths.circle],
  ["circle_topic", communityPaths.topic],
  ["fazak", communityPaths.question],
]);
const MAX_DEJIN_TOPIC = 64;

function sitePagePath(binding: string): string | null {
  if (!binding.startsWith("/") || binding.startsWith("//") || /[\u0000-\u0020\u007f\\]/.test(binding)) return null;
  // Dot segments would be resolved away by the URL parser, so they are refused, not rewritten.
  if (/(^|\/)(\.|%2e){1,2}(\/|$|[?#])/i.test(binding)) return null;
  try {
    const url = new URL(binding, SITE);
    if (url.origin !== SITE) return null;
    return url.pathname + url.search;
  } catch {
    return null;
  }
}

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
