import path from "node:path";
import express from "express";
import { env } from "../app/runtime/env.server";
import { logger } from "../app/runtime/logger.server";
import { createPlatform, type Platform } from "../platform/app";
import { knownHosts } from "./public-origin";

/**
 * The embedded platform with the host's configuration. A single process mounts its router at /_platform; with
 * several workers the primary runs it once (`listenPlatform`), since it owns the SQLite database and its timers.
 */
export function embeddedPlatform(projectRoot: string): Platform | null {
  if (!env.embeddedPlatform) return null;
  return createPlatform({
    dbPath: path.resolve(projectRoot, env.PLATFORM_DB_PATH),
    hashidsSalt: env.HASHIDS_SALT,
    hashidsMinLength: env.HASHIDS_MIN_LENGTH,
    log: (line, error) => (error === undefined ? logger.info({ component: "platform" }, line) : logger.error({ component: "platform", err: error }, line)),
    mediaDir: path.join(projectRoot, "platform/media"),
    codesPerIpPerHour: env.PLATFORM_CODES_PER_IP_PER_HOUR,
    devKey: env.platformDevKey,
    previewSecret: env.PLATFORM_PREVIEW_SECRET,
    liveDemoIntervalMs: env.PLATFORM_LIVE_DEMO_INTERVAL_MS,
    liveUpcomingDelaySeconds: env.PLATFORM_LIVE_UPCOMING_DELAY_S,
    // The site's own hosts are its JS safe domains: the platform signs its pages and nothing else.
    wechat: {
      appId: env.PLATFORM_WECHAT_APP_ID,
      jsapiTicket: env.PLATFORM_WECHAT_JSAPI_TICKET,
      safeDomains: [...knownHosts({ allowedHosts: env.ALLOWED_HOSTS, publicOrigin: env.PUBLIC_ORIGIN, host: env.HOST, port: env.PORT })],
    },
  });
}

/** Serves the platform on a loopback port of its own; answers its origin, e.g. `http://127.0.0.1:41234`. */
export function listenPlatform(platform: Platform): Promise<{ origin: string; close: () => Promise<void> }> {
  const app = express();
  app.disable("x-powered-by");
  // The workers' backend and their /_platform proxy forward the visitor's address; the per-IP code limit counts it.
  app.set("trust proxy", "loopback");
  app.use(platform.router);
  return new Promise((resolve, reject) => {
    const server = app.listen(0, "127.0.0.1", () => {
      const address = server.address();
      const port = typeof address === "object" && address ? address.port : 0;
      resolve({
        origin: `http://127.0.0.1:${port}`,
        close: () =>
          new Promise((done) => {
            server.close(() => done());
            server.closeAllConnections();
          }),
      });
    });
    server.once("error", reject);
  });
}
