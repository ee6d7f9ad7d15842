import { availableParallelism } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { Piscina } from "piscina";
import { PlatformError } from "~/bff/client.server";
import { timedSanitizing } from "~/runtime/metrics.server";

/** Keyed by post id and content version, so an edit is a new entry. */
const CACHE_LIMIT = 500;

/** Sanitizing cost grows with size, so a larger body is refused instead of tying up a worker for seconds. */
export const RICH_HTML_MAX_LENGTH = 500_000;

// Worker threads, so one large article cannot stall every other request.
const here = path.dirname(fileURLToPath(import.meta.url));
const fromSource = import.meta.url.endsWith(".ts");
const pool = new Piscina({
  filename: path.join(here, fromSource ? "sanitize.worker.ts" : "sanitize-worker.js"),
  name: "sanitizeHtml",
  execArgv: fromSource ? ["--import", "tsx"] : [],
  // A thread with its jsdom is heavy, so none is kept idle (docs/benchmarks.md, "No idle sanitizing thread").
  minThreads: 0,
  // Two threads even on a small machine: one long article must not queue every other one behind it.
  maxThreads: Math.max(2, Math.min(4, availableParallelism() - 1)),
  idleTimeout: 10_000,
  // Keeps a thread small while the largest accepted body still fits; past it that one page answers 503.
  resourceLimits: { maxOldGenerationSizeMb: 256, maxYoungGenerationSizeMb: 8 },
  maxQueue: 100,
});

const cache = new Map<string, Promise<string>>();

/** `cacheKey` must change whenever the HTML does; rejects with a PlatformError (a page's 503). */
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
