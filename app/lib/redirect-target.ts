import { BASE_PATH, routerPath } from "~/lib/base-path";

/** The desktop wrapper page; matched case-insensitively like the router, with or without a trailing slash. */
const PC_PAGE = new RegExp(`^${escapeRegExp(BASE_PATH)}pc(?:/|\\.|$)`, "i");

/** Whether a pathname is the /pc wrapper page itself. */
export function isPcPage(pathname: string): boolean {
  return PC_PAGE.test(pathname);
}

/**
 * A post-login or post-action redirect target taken from user input, reduced to a path on our
 * own origin under the base path; anything else yields the fallback. Returns path + search + hash.
 */
export function safeRedirectTarget(value: string | null | undefined, origin: string, fallback: string): string {
  const url = parseOnSite(value, origin);
  return url ? url.pathname + url.search + url.hash : fallback;
}

/**
 * The Location of every redirect a loader or action issues, as the router path Remix's redirect() takes
 * (Remix puts the base path in front). `value` is a site path or URL, trusted or not; whatever it holds,
 * the answer is a path on this origin under the base path, else the home page.
 */
export function redirectLocation(value: string | null | undefined, origin: string): string {
  return routerPath(safeRedirectTarget(value, origin, BASE_PATH));
}

/**
 * The page the /pc wrapper may embed: an absolute URL on our origin under the base path,
 * and never the wrapper itself (no nesting). Null when the value is not acceptable.
 */
export function pcEmbedTarget(value: string | null, origin: string): string | null {
  const url = parseOnSite(value, origin);
  if (!url || isPcPage(url.pathname)) return null;
  return url.href;
}

/**
 * A page of this site as an absolute URL without its hash (what WeChat's JS-SDK signs), or null when the value is
 * not an absolute URL on our origin under the base path.
 */
export function ownPageUrl(value: string | null | undefined, origin: string): string | null {
  if (!value || !URL.canParse(value)) return null;
  const url = parseOnSite(value, origin);
  if (!url) return null;
  url.hash = "";
  return url.href;
}

function parseOnSite(value: string | null | undefined, origin: string): URL | null {
  if (!value) return null;
  // Browsers treat '\' as '/' and silently drop tabs and newlines, turning '/\evil.com' or
  // '/\t/evil.com' into protocol-relative URLs; refuse such input outright rather than normalise it.
  if (/[\\\u0000-\u001f\u007f]/.test(value)) return null;
  let base: URL;
  let url: URL;
  try {
    base = new URL(origin);
    url = new URL(value, base);
  } catch {
    return null;
  }
  if (url.origin !== base.origin) return null;
  if (!url.pathname.startsWith(BASE_PATH) && url.pathname !== BASE_PATH.slice(0, -1)) return null;
  // Below the base, an empty segment ('/davmu/share//evil.example') would leave '//evil.example' once the
  // router strips the base: another host to a browser. Encoded slashes are refused too, so that no later
  // decoding step can produce one; no page of the site has either in its path.
  if (url.pathname.includes("//") || /%(?:2f|5c)/i.test(url.pathname)) return null;
  return url;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}
