// Service worker for the share site (registered by app/client/service-worker.ts with scope /davmu/share/).
// It only speeds up repeat visits: hashed build assets are immutable, so they are served cache-first.
// Pages, data and API responses are never cached here; the browser fetches them from the network as usual.

const CACHE_PREFIX = "davmu-share-assets-";
const CACHE_NAME = CACHE_PREFIX + "v1";
const ASSET_PATH = "/davmu/share/assets/";
// Vite names build output 'name-<hash>.ext'; anything else under assets/ may change in place, so it is left alone.
const HASHED_FILE = /-[\w-]{8}\.[a-z\d]+$/i;
// Each deploy adds new hashed files; keep the cache from growing without bound.
const MAX_ENTRIES = 150;

self.addEventListener("install", () => {
  self.skipWaiting();
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    (async () => {
      const names = await caches.keys();
      await Promise.all(
        names.filter((name) => name.startsWith(CACHE_PREFIX) && name !== CACHE_NAME).map((name) => caches.delete(name)),
      );
      await self.clients.claim();
    })(),
  );
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET" || request.headers.has("range")) return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin || !url.pathname.startsWith(ASSET_PATH) || !HASHED_FILE.test(url.pathname)) return;
  event.respondWith(cacheFirst(request, event));
});

async function cacheFirst(request, event) {
  let cache;
  try {
    cache = await caches.open(CACHE_NAME);
    const cached = await cache.match(request);
    if (cached) return cached;
  } catch {
    // Storage can be unavailable (private browsing, quota); the asset must still load.
    return fetch(request);
  }
  const response = await fetch(request);
  // Only complete same-origin successes are worth keeping; errors must stay retryable.
  if (response.status === 200 && response.type === "basic") {
    event.waitUntil(store(cache, request, response.clone()));
  }
  return response;
}

async function store(cache, request, response) {
  try {
    await cache.put(request, response);
    const keys = await cache.keys();
    await Promise.all(keys.slice(0, Math.max(0, keys.length - MAX_ENTRIES)).map((key) => cache.delete(key)));
  } catch {
    // A full or unavailable cache only costs a network request next time.
  }
}
