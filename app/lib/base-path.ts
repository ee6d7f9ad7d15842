/** Every page of the site lives under this path (spec section 2: history mode with this base). */
export const BASE_PATH = "/davmu/share/";

/** A site path (as the router sees it, e.g. "/news/doc/…") as a URL path under the base. */
export function sitePath(path: string): string {
  return BASE_PATH + path.replace(/^\/+/, "");
}

/**
 * A URL path under the base as the router sees it, without the language prefix of zh-Hant pages
 * (app/lib/languages.ts). Redirects from loaders and actions take router paths: Remix adds the base of the
 * request's language to their Location itself.
 */
export function routerPath(path: string): string {
  // BASE_PATH and the zh-Hant prefix spelled out, the fewest bytes for every page's first-load JavaScript
  // (base-path.test.ts holds it to BASE_PATH).
  return path.replace(/^\/davmu\/share\/(zh-Hant\/)?/, "/");
}
