/** Every page of the site lives under this path (spec section 2: history mode with this base). */
export const BASE_PATH = "/davmu/share/";

/** A site path (as the router sees it, e.g. "/news/doc/…") as a URL path under the base. */
export function sitePath(path: string): string {
  return BASE_PATH + path.replace(/^\/+/, "");
}

/**
 * A URL path under the base as the router sees it. Redirects from loaders and actions take router paths:
 * Remix adds the base to their Location itself.
 */
export function routerPath(path: string): string {
  return path.startsWith(BASE_PATH) ? `/${path.slice(BASE_PATH.length)}` : path;
}
