import { BASE_PATH, routerPath } from "~/lib/base-path";

/** Matched case-insensitively like the router. */
const PC_PAGE = new RegExp(`^${escapeRegExp(BASE_PATH)}pc(?:/|\\.|$)`, "i");

export function isPcPage(pathname: string): boolean {
  return PC_PAGE.test(pathname);
}

export function safeRedirectTarget(value: string | null | undefined, origin: string, fallback: string): string {
  const url = parseOnSite(value, origin);
  return url ? url.pathname + url.search + url.hash : fallback;
}

/** Remix's redirect() puts the base path in front; whatever `value` holds, the answer stays on this site. */
export function redirectLocation(value: string | null | undefined, origin: string): string {
  return routerPath(safeRedirectTarget(value, origin, BASE_PATH));
}

export function pcEmbedTarget(value: string | null, origin: string): string | null {
  const url = parseOnSite(value, origin);
  if (!url || isPcPage(url.pathname)) return null;
  return url.href;
}

export function ownPageUrl(value: string | null | undefined, origin: string): string | null {
  if (!value || !URL.canParse(value)) return null;
  const url = parseOnSite(value, origin);
  if (!url) return null;
  url.hash = "";
  return url.href;
}

function parseOnSite(value: string | null | undefined, origin: string): URL | null {
  if (!value) return null;
  // Browsers read '\' as '/' and drop tabs and newlines, making '/\evil.com' protocol-relative: refuse, not normalise.
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
  // An empty or encoded-slash segment would leave '//evil.example' once the router strips the base.
  if (url.pathname.includes("//") || /%(?:2f|5c)/i.test(url.pathname)) return null;
  return url;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}
