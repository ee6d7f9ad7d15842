import { Router } from "express";

/** Liveness says the process serves; readiness says the upstream platform answers too. */
export function healthRoutes(options: { platformApiUrl: string; timeoutMs: number }): Router {
  const router = Router();
  router.get("/healthz", (_req, res) => {
    res.type("text/plain").set("Cache-Control", "no-store").send("ok");
  });
  router.get("/readyz", async (_req, res) => {
    res.set("Cache-Control", "no-store");
    try {
      // Any envelope proves the platform is up; an unauthenticated call answers one without side effects.
      const response = await fetch(`${options.platformApiUrl}/peony/v1/group`, { signal: AbortSignal.timeout(options.timeoutMs) });
      const body = (await response.json()) as { code?: unknown };
      if (response.status < 500 && typeof body.code === "number") {
        res.type("text/plain").send("ready");
        return;
      }
      res.status(503).type("text/plain").send(`platform answered ${response.status}`);
    } catch (error) {
      res.status(503).type("text/plain").send(`platform unreachable: ${(error as Error).name}`);
    }
  });
  return router;
}
