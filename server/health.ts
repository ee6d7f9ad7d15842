import { Router } from "express";
import { PlatformError } from "../app/bff/client.server";

/**
 * Liveness says the process serves; readiness says the upstream platform answers, and in a form the
 * site can read: `probe` makes one platform call and throws when it fails or does not parse.
 */
export function healthRoutes(options: { probe: () => Promise<unknown> }): Router {
  const router = Router();
  router.get("/healthz", (_req, res) => {
    res.type("text/plain").set("Cache-Control", "no-store").send("ok");
  });
  router.get("/readyz", async (_req, res) => {
    res.set("Cache-Control", "no-store");
    try {
      await options.probe();
      res.type("text/plain").send("ready");
    } catch (error) {
      const reason = error instanceof PlatformError ? `${error.kind}: ${error.message}` : (error as Error).name;
      res.status(503).type("text/plain").send(`platform not ready: ${reason}`);
    }
  });
  return router;
}
