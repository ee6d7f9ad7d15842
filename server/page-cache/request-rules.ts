import type { IncomingMessage } from "node:http";
import { isSingleFetchDataPath } from "../../app/framework/remix-internals";
import { isPreviewRequest } from "../../app/lib/preview";
import { hasSessionCookie } from "../../app/lib/session-cookie";
import { canonicalUrl } from "../../app/lib/share-url";
import { deviceClass } from "../../app/render/page-device.server";

function isPreview(target: string): boolean {
  const [pathname, search = ""] = target.split("?", 2) as [string, string?];
  return isPreviewRequest(pathname, search ? `?${search}` : "");
}

export const pathOf = (target: string) => {
  const query = target.indexOf("?");
  return query < 0 ? target : target.slice(0, query);
};

export function isStoredPageRequest(req: IncomingMessage, target: string): boolean {
  return req.method === "GET" && !hasSessionCookie(req.headers.cookie) && !isPreview(target);
}

export function isPersonalPageRequest(req: IncomingMessage, target: string): boolean {
  // A client-side navigation's data is rendered for the visitor as it is.
  return req.method === "GET" && hasSessionCookie(req.headers.cookie) && !isPreview(target) && !isSingleFetchDataPath(pathOf(target));
}

export function storedPageUrl(originalUrl: string): string {
  const url = new URL(originalUrl, "http://page.invalid");
  // The canonical URL has no fragment: past its origin, its href is its path and query.
  return canonicalUrl(url).slice(url.origin.length);
}

export function pageKey(target: string, userAgent: string | undefined): { key: string; url: string } {
  const url = storedPageUrl(target);
  return { url, key: `${deviceClass(userAgent ?? "")} ${url}` };
}
