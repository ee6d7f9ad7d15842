const CACHE_PREFIX = "davmu-share-";

/** Vite's hashed output; anything else under assets/ may change in place. */
const HASHED_FILE = /-[\w-]{8}\.[a-z\d]+$/i;

export function cacheNames(version: string): { assets: string; pages: string } {
  return { assets: `${CACHE_PREFIX}assets-${version}`, pages: `${CACHE_PREFIX}pages-${version}` };
}

export function isStaleCache(name: string, version: string): boolean {
  return name.startsWith(CACHE_PREFIX) && !Object.values(cacheNames(version)).includes(name);
}

export function offlinePagePath(basePath: string): string {
  return `${basePath}offline.html`;
}

export type RequestFacts = { method: string; url: string; mode: string; hasRange: boolean };

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

/** The Set-Cookie check is only a belt: browsers hide that header from workers, so Cache-Control is the real guard. */
export function mayStore(response: ResponseFacts): boolean {
  if (response.status !== 200 || response.type !== "basic") return false;
  const cacheControl = (response.headers.get("cache-control") ?? "").toLowerCase();
  if (/(^|[\s,])(no-store|private)([\s,=]|$)/.test(cacheControl)) return false;
  if (response.headers.get("set-cookie") !== null) return false;
  return (response.headers.get("vary") ?? "").trim() !== "*";
}
