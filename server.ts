import cluster from "node:cluster";
import { createServer } from "node:http";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import type { ServerBuild } from "@remix-run/node";
import compression from "compression";
import express from "express";
import { requestDeadline } from "./app/bff/client.server";
import { env } from "./app/runtime/env.server";
import type { LoadContext } from "./app/runtime/load-context";
import { logger, routeConsoleToLogger } from "./app/runtime/logger.server";
import { liveHub } from "./server/live-hub";
import { BASE_PATH } from "./app/lib/base-path";
import { embeddedPlatform } from "./server/embedded-platform";
import { createReadiness, healthRoutes } from "./server/health";
import { gracefulShutdown } from "./server/graceful-shutdown";
import { liveStreamRoutes } from "./server/live-stream";
import { createPageCache } from "./server/page-cache";
import { pageMiddleware } from "./server/page-middleware";
import { knownHosts, publicOrigin } from "./server/public-origin";
import { remixHandler } from "./server/remix-handler";
import { requestId, requestLog, type RequestLogOptions } from "./server/request-log";
import { storedPageHits } from "./server/stored-page-hits";
import { platformProxy } from "./server/platform-proxy";
import { announceStartUp } from "./server/start-up-message";
import { answerHealthPings } from "./server/worker-health";

// This file runs as server.ts in development and as build/server.js in production.
routeConsoleToLogger();
const here = path.dirname(fileURLToPath(import.meta.url));
const projectRoot = path.basename(here) === "build" ? path.dirname(here) : here;
const development = !env.isProduction;
const originOf = publicOrigin(env.PUBLIC_ORIGIN);
const hosts = knownHosts({ allowedHosts: env.ALLOWED_HOSTS, publicOrigin: env.PUBLIC_ORIGIN, host: env.HOST, port: env.PORT });
// Under build/cluster.js the first worker speaks for all.
if (env.isProduction && !env.PUBLIC_ORIGIN && (cluster.worker?.id ?? 1) === 1) {
  logger.warn(
    `PUBLIC_ORIGIN is not set: canonical and share URLs take their host from each request (one of ${[...hosts].join(", ")}). ` +
      "Set PUBLIC_ORIGIN to the site's public origin, e.g. https://m.example.com.",
  );
}

// Anonymous visitors' pages, rendered once and served as bytes (see server/page-cache.ts).
const pageCache = env.PAGE_CACHE_MAX_BYTES > 0 ? createPageCache({ maxBytes: env.PAGE_CACHE_MAX_BYTES }) : undefined;

const app = express();
app.set("trust proxy", env.TRUST_PROXY);
app.disable("x-powered-by");

const logOptions: RequestLogOptions = {
  // Health probes are noise; the embedded platform's own calls only matter when debugging.
  skip: (p) => p.endsWith("/healthz") || p.endsWith("/readyz") || (env.LOG_LEVEL !== "debug" && p.startsWith("/_platform/")),
};
app.use(requestId);
app.use(requestLog(logOptions));
const platform = embeddedPlatform(projectRoot);
if (platform) app.use("/_platform", platform.router);
// A worker of build/cluster.js: the primary runs the embedded platform; browsers still reach it at /_platform.
else if (env.EMBEDDED_PLATFORM_URL) app.use("/_platform", platformProxy(env.EMBEDDED_PLATFORM_URL));
// After the platform: its answers mostly go to this host's own backend over loopback, where gzip costs CPU on both
// ends for nothing (it showed in a profile of logged-in page views); its media is compressed already.
app.use(compression());
const readiness = createReadiness();
app.use(BASE_PATH, healthRoutes({ readiness }));

// Live event streams: before the development server's middleware, which rewrites paths under the base.
const liveStreams = liveStreamRoutes({ hub: liveHub, maxLifetimeMs: env.LIVE_STREAM_MAX_SECONDS * 1000 });
app.use(BASE_PATH, liveStreams.router);

app.get("/", (_req, res) => res.redirect(302, BASE_PATH));

// A function only in development, where each request loads the current modules; Remix re-derives its routes for a
// function build on every request, which in production would be wasted work.
let build: ServerBuild | (() => Promise<ServerBuild>);
if (development) {
  const vite = await import("vite");
  const devServer = await vite.createServer({ server: { middlewareMode: true } });
  app.use(devServer.middlewares);
  build = () => devServer.ssrLoadModule("virtual:remix/server-build") as Promise<ServerBuild>;
} else {
  const clientDir = path.join(projectRoot, "build/client");
  // Vite fingerprints everything under assets/: safe to cache for a year.
  app.use(`${BASE_PATH}assets`, express.static(path.join(clientDir, "assets"), { immutable: true, maxAge: "1y", index: false }));
  app.get(`${BASE_PATH}sw.js`, (_req, res) => {
    res.set({ "Cache-Control": "no-cache", "Service-Worker-Allowed": BASE_PATH });
    res.sendFile(path.join(clientDir, "sw.js"));
  });
  // The other files of build/client sit at its top (favicon, offline page…): pages never go to the disk for a stat.
  const publicFiles = express.static(clientDir, { maxAge: "1h", index: false });
  app.use(BASE_PATH, (req, res, next) => (/^\/[^/]+\.[a-z0-9]+$/i.test(req.path) ? publicFiles(req, res, next) : next()));
  build = (await import(pathToFileURL(path.join(projectRoot, "build/server/index.js")).href)) as ServerBuild;
}

app.use(pageMiddleware({ development, frameParents: env.FRAME_PARENT_ORIGINS, knownHosts: hosts, originOf }));
app.all(
  "*",
  remixHandler({
    build,
    mode: env.NODE_ENV,
    originOf,
    pageCache,
    renderConcurrency: env.RENDER_CONCURRENCY,
    getLoadContext: (req, res): LoadContext => ({
      cspNonce: res.locals.cspNonce,
      shared: false,
      requestId: res.locals.requestId,
      origin: originOf(req),
      userAgent: req.get("user-agent") ?? "",
      clientIp: req.ip ?? "",
      deadline: requestDeadline(),
    }),
  }),
);

// A fresh stored page is answered before Express: everything else, and any doubt, goes through the pipeline above.
const answerStoredPage =
  pageCache && storedPageHits({ pageCache, knownHosts: hosts, trustProxy: app.get("trust proxy fn"), log: logOptions });
const server = createServer((req, res) => {
  if (!answerStoredPage?.(req, res)) app(req, res);
});
server.listen(env.PORT, env.HOST, () => {
  readiness.ready();
  // Under build/cluster.js the primary announces the start once for all its workers.
  if (!cluster.isWorker) announceStartUp(`http://localhost:${env.PORT}`, platform);
});
answerHealthPings();

// Live event streams never end by themselves, and closing the server waits for every open connection: the site's
// end (browsers reconnect elsewhere and resume), with their upstreams and the embedded platform's.
const shutdown = gracefulShutdown(server, {
  readiness,
  delayMs: env.shutdownDelayMs,
  endStreams: () => {
    liveStreams.close();
    liveHub().close();
    platform?.closeLiveStreams();
  },
  release: () => platform?.close(),
});
process.on("SIGTERM", () => void shutdown("SIGTERM"));
process.on("SIGINT", () => void shutdown("SIGINT"));
