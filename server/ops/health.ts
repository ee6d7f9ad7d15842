import cluster from "node:cluster";
import { Router } from "express";
import { upstreamOf } from "../../app/bff/breaker.server";
import { breakerStates, PlatformError, platformEnvelope } from "../../app/bff/client.server";
import type { PageCacheStats } from "../../app/runtime/metrics.server";

export type Readiness = {
  state: () => "starting" | "ready" | "draining";
  ready: () => void;
  /** Balancers are to stop sending visitors here; requests still arriving are served. */
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

// Readiness ignores the platform (stale pages cover it, docs/resilience.md): tied to it, every replica would leave the
// balancer at once.
export function healthRoutes(options: { readiness: Readiness }): Router {
  const router = Router();
  router.get("/healthz", (_req, res) => {
    // Under build/cluster.js each worker is checked on its own.
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
  redis: string;
};

/** For operators, on the internal listener only; a failure's reason is its kind, never the error's text, which can name the platform's address. */
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
