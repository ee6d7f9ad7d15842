import cluster from "node:cluster";
import { Router } from "express";
import { upstreamOf } from "../../app/bff/breaker.server";
import { breakerStates, PlatformError, platformEnvelope } from "../../app/bff/client.server";
import type { PageCacheStats } from "../../app/runtime/metrics.server";

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
 * `readPlatformDetail`, on the internal listener.
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
const PROBE_PATH = "/peony/v1/group";
const probePlatform = () => platformEnvelope(PROBE_PATH, { token: null, requestId: null });

export type PlatformDetail = {
  platform: { reachable: true } | { reachable: false; reason: string };
  breakers: Record<string, string>;
  pageCache?: PageCacheStats;
  /** The shared Redis connection's state (ioredis's: `ready`, `connecting`, `reconnecting`…), or `not configured`. */
  redis: string;
};

/**
 * The platform as this process sees it, for operators, on the internal (metrics) listener (server/ops/health-detail.ts),
 * never under the public base path: one probe call (it fails at once, without a call, while the service's breaker is
 * open), each upstream's circuit breaker, the page cache's counters and the Redis connection's state. States and
 * names only: a failure's reason is its kind, never the error's text, which can name the platform's address (the
 * upstream call's log line has it all).
 */
export function readPlatformDetail(options: {
  pageCache?: () => PageCacheStats;
  probe?: () => Promise<unknown>;
  breakers?: () => Record<string, string>;
  redis?: () => string;
}): () => Promise<PlatformDetail> {
  const { probe = probePlatform, breakers = breakerStates, redis = () => "not configured" } = options;
  return async () => {
    let platform: PlatformDetail["platform"];
    try {
      await probe();
      platform = { reachable: true };
    } catch (error) {
      platform = { reachable: false, reason: failureReason(error, breakers()) };
    }
    return { platform, breakers: breakers(), pageCache: options.pageCache?.(), redis: redis() };
  };
}

function failureReason(error: unknown, breakers: Record<string, string>): string {
  if (!(error instanceof PlatformError)) return "error";
  return error.kind === "unavailable" && breakers[upstreamOf(PROBE_PATH)] === "open" ? "unavailable: circuit open" : error.kind;
}
