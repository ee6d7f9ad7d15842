/**
 * The service worker's rules (build/client/sw.js is built from app/service-worker.ts, which applies them): which requests
 * it answers and how, which responses it may keep, and which caches belong to which deployment. Pure, so they are
 * unit-tested here and not only in a browser.
 */

const CACHE_PREFIX = "davmu-share-";

/** Vite names build output 'name-<hash>.ext'; anything else under assets/ may change in place. */
const HASHED_FILE = /-[\w-]{8}\.[a-z\d]+$/i;

/** The deployment's caches: the precached app shell plus hashed files met later, and pages the network answered. */
export function cacheNames(version: string): { assets: string; pages: string } {
  return { assets: `${CACHE_PREFIX}assets-${version}`, pages: `${CACHE_PREFIX}pages-${version}` };
}

/** A cache this worker owns that is not the given deployment's: deleted when that deployment's worker activates. */
export function isStaleCache(name: string, version: string): boolean {
  return name.startsWith(CACHE_PREFIX) && !Object.values(cacheNames(version)).includes(name);
}

/** The offline page, precached with the shell and shown for a page the network cannot give. */
export function offlinePagePath(basePath: string): string {
  return `${basePath}offline.html`;
}

export type RequestFacts = { method: string; url: string; mode: string; hasRange: boolean };

/**
 * - `asset`: a hashed build file (immutable): cache first.
 * - `page`: a page navigation under the base path: network first, then a stored copy, then the offline page.
 * - `network`: everything else (API calls, beacons, loader data, media, other origins) is left to the browser.
 */
export type Handling = "asset" | "page" | "network";

export function handlingOf(request: RequestFacts, origin: string, basePath: string): Handling {
  if (request.method !== "GET" || request.hasRange) return "network";
  const url = new URL(request.url);
  if (url.origin !== origin || !url.pathname.startsWith(basePath)) return "network";
  const path = url.pathname.slice(basePath.length);
  if (path.startsWith("api/")) return "network";
  if (path.startsWith("assets/")) return HASHED_FILE.test(path) ? "asset" : "network";
  return request.mode === "navigate" ? "page" : "network";
}

export type ResponseFacts = { status: number; type: string; headers: { get(name: string): string | null } };

/**
 * Whether a response may be kept. Only whole same-origin successes, and never one that is personal: `private` or
 * `no-store` (the site marks pages that carry a visitor's data so), one that sets a cookie (browsers hide
 * Set-Cookie from workers, so this is the belt to the Cache-Control braces), or one that varies on everything.
 */
export function mayStore(response: ResponseFacts): boolean {
  if (response.status !== 200 || response.type !== "basic") return false;
  const cacheControl = (response.headers.get("cache-control") ?? "").toLowerCase();
  if (/(^|[\s,])(no-store|private)([\s,=]|$)/.test(cacheControl)) return false;
  if (response.headers.get("set-cookie") !== null) return false;
  return (response.headers.get("vary") ?? "").trim() !== "*";
}
