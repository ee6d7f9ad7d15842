// Bundled into build/client/sw.js by scripts/service-worker-build.ts, which fills in __SW_BUILD__ (version and app shell).
// activate deletes every other deployment's caches and takes over open pages at once, so a page never mixes an old shell
// with new chunks. fetch: hashed files cache first; pages network first, else a stored copy, else the offline page.
import { BASE_PATH } from "~/lib/base-path";
import { cacheNames, handlingOf, isStaleCache, mayStore, offlinePagePath } from "~/lib/service-worker-rules";

declare const __SW_BUILD__: { version: string; precache: string[] };

// The few worker types used here (the project's TypeScript library is the DOM's, not the worker's).
type ExtendableEvent = Event & { waitUntil(promise: Promise<unknown>): void };
type FetchEvent = ExtendableEvent & { request: Request; respondWith(response: Promise<Response>): void };
type WorkerScope = {
  location: Location;
  skipWaiting(): Promise<void>;
  clients: { claim(): Promise<void> };
  addEventListener(type: "install" | "activate", listener: (event: ExtendableEvent) => void): void;
  addEventListener(type: "fetch", listener: (event: FetchEvent) => void): void;
};

const worker = self as unknown as WorkerScope;
const { version, precache } = __SW_BUILD__;
const CACHES = cacheNames(version);
const OFFLINE_PAGE = offlinePagePath(BASE_PATH);
// Files met on the way (lazy chunks) and stored pages stay within this many entries each; the precache is kept whole.
const MAX_ENTRIES = 150;
const PRECACHED = new Set([...precache, OFFLINE_PAGE].map((path) => new URL(path, worker.location.origin).href));

worker.addEventListener("install", (event) => {
  event.waitUntil(
    (async () => {
      const cache = await caches.open(CACHES.assets);
      // Past the HTTP cache: the offline page is served with a max-age, and a half-updated shell is what we avoid.
      await cache.addAll([...precache, OFFLINE_PAGE].map((url) => new Request(url, { cache: "reload" })));
      // Both caches exist from here on: keep() writes only to a cache that exists (see there).
      await caches.open(CACHES.pages);
      await worker.skipWaiting();
    })(),
  );
});

worker.addEventListener("activate", (event) => {
  event.waitUntil(
    (async () => {
      const names = await caches.keys();
      await Promise.all(names.filter((name) => isStaleCache(name, version)).map((name) => caches.delete(name)));
      await worker.clients.claim();
    })(),
  );
});

worker.addEventListener("fetch", (event) => {
  const { request } = event;
  const handling = handlingOf(
    { method: request.method, url: request.url, mode: request.mode, hasRange: request.headers.has("range") },
    worker.location.origin,
    BASE_PATH,
  );
  if (handling === "asset") event.respondWith(cacheFirst(request, event));
  else if (handling === "page") event.respondWith(networkFirst(request, event));
});

async function cacheFirst(request: Request, event: ExtendableEvent): Promise<Response> {
  const cached = await caches.match(request, { cacheName: CACHES.assets }).catch(() => undefined);
  if (cached) return cached;
  const response = await fetch(request);
  if (mayStore(response)) event.waitUntil(keep(CACHES.assets, request, response.clone()));
  return response;
}

async function networkFirst(request: Request, event: ExtendableEvent): Promise<Response> {
  try {
    const response = await fetch(request);
    if (mayStore(response)) event.waitUntil(keep(CACHES.pages, request, response.clone()));
    return response;
  } catch (error) {
    const fallback =
      (await caches.match(request, { cacheName: CACHES.pages }).catch(() => undefined)) ??
      (await caches.match(OFFLINE_PAGE, { cacheName: CACHES.assets }).catch(() => undefined));
    if (fallback) return fallback;
    throw error;
  }
}

async function keep(cacheName: string, request: Request, response: Response): Promise<void> {
  try {
    // Gone means the next deployment's worker took over and deleted it: opening it again would leave it behind.
    if (!(await caches.has(cacheName))) return;
    const cache = await caches.open(cacheName);
    await cache.put(request, response);
    const extra = (await cache.keys()).filter((key) => !PRECACHED.has(key.url));
    await Promise.all(extra.slice(0, Math.max(0, extra.length - MAX_ENTRIES)).map((key) => cache.delete(key)));
  } catch {
    // A full or unavailable cache only costs a network request next time.
  }
}
