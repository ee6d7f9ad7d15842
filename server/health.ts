import cluster from "node:cluster";
import { Router, type RequestHandler } from "express";
import { breakerStates, PlatformError, platformEnvelope } from "../app/bff/client.server";
import type { PageCacheStats } from "./page-store";

/** Whether this process takes visitors: not yet while it starts, no more once it drains before stopping. */
export type Readiness = {
  state: () => "starting" | "ready" | "draining";
  /** The server listens and every part of the site is in place. */
  ready: () => void;
  /** Shutting down: balancers are to stop sending visitors here; requests still arriving are served. */
  drain: () => void;
};

export function createReadiness(): Readiness {
  let state: ReturnType<Readiness["state"]> = "starting";
  return {
    state: () => state,
    ready: () => {
      if (state === "starting") state = "ready";
    },
    drain: () => {
      state = "draining";
    },
  };
}

/**
 * The public probes, under the base path. Liveness (`/healthz`): the process answers. Readiness (`/readyz`): this
 * process can serve. It stays ready while the platform is down (pages seen recently are served stale, others answer
 * the friendly 503; docs/resilience.md) and is unready only while it starts or drains: a readiness tied to the
 * platform would take every replica out of the balancer at once. Neither says anything of the platform: that is
 * `platformDetail`, on the internal listener.
 */
export function healthRoutes(options: { readiness: Readiness }): Router {
  const router = Router();
  router.get("/healthz", (_req, res) => {
    // Which worker answered, under build/cluster.js (0 for a single process): each is checked on its own.
    res.set("X-Worker", String(cluster.worker?.id ?? 0));
    res.type("text/plain").set("Cache-Control", "no-store").send("ok");
  });
  router.get("/readyz", (_req, res) => {
    const state = options.readiness.state();
    res.set("Cache-Control", "no-store").type("text/plain");
    if (state === "ready") res.send("ready");
    else res.status(503).send(`not ready: ${state}`);
  });
  return router;
}

/** Any envelope of this unauthenticated read proves the platform up and speaking the contract, without side effects. */
const probePlatform = () => platformEnvelope("/peony/v1/group", { token: null, requestId: null });

export type PlatformDetail = {
  platform: { reachable: true } | { reachable: false; reason: string };
  breakers: Record<string, string>;
  pageCache?: PageCacheStats;
};

/**
 * The platform as this process sees it, for operators, on the internal (metrics) listener, never under the public
 * base path: one probe call (it fails at once, without a call, while the service's breaker is open), each upstream's
 * circuit breaker, and the page cache's counters. JSON; 503 while the platform does not answer an envelope that
 * parses, so a monitor can alert on it without taking the replica out of the balancer.
 */
export function platformDetail(options: {
  pageCache?: () => PageCacheStats;
  probe?: () => Promise<unknown>;
  breakers?: () => Record<string, string>;
}): RequestHandler {
  const { probe = probePlatform, breakers = breakerStates } = options;
  return async (_req, res) => {
    let platform: PlatformDetail["platform"];
    try {
      await probe();
      platform = { reachable: true };
    } catch (error) {
      const reason = error instanceof PlatformError ? `${error.kind}: ${error.message}` : (error as Error).name;
      platform = { reachable: false, reason };
    }
    const detail: PlatformDetail = { platform, breakers: breakers(), pageCache: options.pageCache?.() };
    res.status(platform.reachable ? 200 : 503).set("Cache-Control", "no-store").json(detail);
  };
}
