import cluster from "node:cluster";
import { Router } from "express";
import { PlatformError } from "../app/bff/client.server";
import type { PageCacheStats } from "./page-cache";

/**
 * Liveness says the process serves; readiness says the upstream platform answers, and in a form the
 * site can read: `probe` makes one platform call and throws when it fails or does not parse. Readiness
 * also lists each upstream's circuit breaker, so an operator sees a platform the site has stopped calling, and
 * the page cache's counters (what share of anonymous pages were served without a render).
 */
export function healthRoutes(options: {
  probe: () => Promise<unknown>;
  breakers: () => Record<string, string>;
  pageCache?: () => PageCacheStats;
}): Router {
  const router = Router();
  router.get("/healthz", (_req, res) => {
    // Which worker answered, under build/cluster.js (0 for a single process): each is checked on its own.
    res.set("X-Worker", String(cluster.worker?.id ?? 0));
    res.type("text/plain").set("Cache-Control", "no-store").send("ok");
  });
  router.get("/readyz", async (_req, res) => {
    res.set("Cache-Control", "no-store").type("text/plain");
    let verdict: string;
    try {
      await options.probe();
      verdict = "ready";
    } catch (error) {
      const reason = error instanceof PlatformError ? `${error.kind}: ${error.message}` : (error as Error).name;
      verdict = `platform not ready: ${reason}`;
      res.status(503);
    }
    const breakers = Object.entries(options.breakers()).map(([upstream, state]) => `circuit breaker ${upstream}: ${state}`);
    const pages = options.pageCache?.();
    const cache = pages
      ? [
          `page cache: ${pages.entries} pages, ${(pages.bytes / 2 ** 20).toFixed(1)} MiB; ` +
            `hits ${pages.hits}, stale ${pages.stale}, joined ${pages.joined}, misses ${pages.misses}, uncached ${pages.uncached}, personal ${pages.personal}`,
        ]
      : [];
    res.send([verdict, ...breakers, ...cache].join("\n"));
  });
  return router;
}
