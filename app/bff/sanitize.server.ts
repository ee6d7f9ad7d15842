import { availableParallelism } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { Piscina } from "piscina";
import { PlatformError } from "~/bff/client.server";
import { timedSanitizing } from "~/runtime/metrics.server";

/** Sanitized articles kept in memory; keyed by post id and content version, so an edit is a new entry. */
const CACHE_LIMIT = 500;

/**
 * The longest rich HTML accepted (characters). Real articles, inline styles and all, stay well under it;
 * sanitizing cost grows with size, so a larger body is refused instead of tying up a worker for seconds.
 */
export const RICH_HTML_MAX_LENGTH = 500_000;

// The DOM work runs in worker threads so that one large article cannot stall every other request.
// In development and tests the worker is its TypeScript source, run through tsx; in production it is the
// file scripts/build-server.mjs compiles beside the server bundle.
const here = path.dirname(fileURLToPath(import.meta.url));
const fromSource = import.meta.url.endsWith(".ts");
const pool = new Piscina({
  filename: path.join(here, fromSource ? "sanitize.worker.ts" : "sanitize-worker.js"),
  name: "sanitizeHtml",
  execArgv: fromSource ? ["--import", "tsx"] : [],
  // A thread with its jsdom is heavy and needed only for an article not sanitized yet (the cache below), so none is
  // kept idle: the first new article after a quiet spell waits for one to start (docs/benchmarks.md, "No idle sanitizing thread").
  minThreads: 0,
  // Two threads even on a small machine: one long article must not queue every other one behind it.
  maxThreads: Math.max(2, Math.min(4, availableParallelism() - 1)),
  idleTimeout: 10_000,
  // V8 lets a heap grow by a factor that depends on its limit, so under a large machine's default each thread held
  // far more than its articles' DOM needs; the limit keeps a thread small while the largest accepted body
  // (RICH_HTML_MAX_LENGTH) still fits. Past it the thread dies and that one page answers 503, as above.
  resourceLimits: { maxOldGenerationSizeMb: 256, maxYoungGenerationSizeMb: 8 },
  // Past this many articles waiting, new ones are refused (a 503) rather than queued without bound.
  maxQueue: 100,
});

const cache = new Map<string, Promise<string>>();

/**
 * Sanitizes CMS rich HTML for rendering with dangerouslySetInnerHTML, off the event loop. `cacheKey` must
 * change whenever the HTML does (callers pass `${post_id}:${version}`): a hit, or a sanitizing already under
 * way for the key, skips the work. Rejects with a PlatformError (a page's 503) past RICH_HTML_MAX_LENGTH or
 * when the pool cannot do the work.
 */
export function sanitizeRichHtml(html: string, cacheKey: string): Promise<string> {
  const cached = cache.get(cacheKey);
  if (cached !== undefined) {
    // Re-insert so the Map's insertion order doubles as least-recently-used order.
    cache.delete(cacheKey);
    cache.set(cacheKey, cached);
    return cached;
  }
  if (html.length > RICH_HTML_MAX_LENGTH) {
    return Promise.reject(new PlatformError("invalid", `rich HTML of ${html.length} characters is over ${RICH_HTML_MAX_LENGTH}: ${cacheKey}`));
  }
  const clean = timedSanitizing(pool, pool.run(html) as Promise<string>).catch((error: Error) => {
    // A full queue or a worker that died (out of memory on pathological HTML): the page's 503, like any bad content.
    throw new PlatformError("invalid", `sanitizing failed: ${cacheKey}: ${error.message}`);
  });
  cache.set(cacheKey, clean);
  if (cache.size > CACHE_LIMIT) cache.delete(cache.keys().next().value as string);
  // A failure is not kept: the next visitor tries again.
  clean.catch(() => cache.get(cacheKey) === clean && cache.delete(cacheKey));
  return clean;
}
