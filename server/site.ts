import cluster from "node:cluster";
import type { IncomingMessage, ServerResponse } from "node:http";
import path from "node:path";
import compression from "compression";
import express from "express";
import { breakerStates } from "../app/bff/client.server";
import { BASE_PATH } from "../app/lib/base-path";
import { startContentWriteFanOut } from "../app/runtime/content-writes.server";
import { env } from "../app/runtime/env.server";
import { logger, routeConsoleToLogger } from "../app/runtime/logger.server";
import { startTracing, stopTracing, traceRequest } from "../app/runtime/tracing.server";
import { sharedRedis } from "../app/runtime/redis.server";
import { watchSources } from "../app/runtime/metrics.server";
import type { Site, SiteEntry, SiteOptions } from "./launcher/site-entry";
import { createPlatformLiveHub, liveStreamRoutes } from "./live";
import { knownHosts, pageMiddleware, platformProxy, publicOrigin, requestId, requestLog, staticFiles, type RequestLogOptions } from "./middleware";
import {
  announceStartUp,
  answerDetailRequests,
  createReadiness,
  detailRoute,
  gracefulShutdown,
  healthRoutes,
  measureRequest,
  requestSpanName,
  processMetrics,
  readPlatformDetail,
  startInternalListener,
} from "./ops";
import { createPageStore, EDGE_VARIANT_PATH, edgeVariant, startEdgePurges, storedPageHits } from "./page-cache";
import { personalBeforePipeline, remixHandler, requestContexts } from "./remix";

/** Compiled into the Remix server build, in the same module graph as the routes; server.ts creates and listens. */
export function createSite(options: SiteOptions): Site {
  const development = !env.isProduction;
  const originOf = publicOrigin({ configured: env.PUBLIC_ORIGIN, production: env.isProduction, port: env.PORT });
  const hosts = knownHosts({ allowedHosts: env.ALLOWED_HOSTS, publicOrigin: env.PUBLIC_ORIGIN, host: env.HOST, port: env.PORT });
  // Under build/cluster.js the first worker speaks for all.
  if (env.isProduction && !env.PUBLIC_ORIGIN && (cluster.worker?.id ?? 1) === 1) {
    logger.warn(
      `PUBLIC_ORIGIN is not set: pages are written for http://localhost:${env.PORT} and writes must come from there. ` +
        `Set PUBLIC_ORIGIN to the address visitors use, e.g. https://m.example.com, or http://<this machine's address>:${env.PORT} for other devices.`,
    );
  }

  const pageStore = env.PAGE_CACHE_MAX_BYTES > 0 ? createPageStore({ maxBytes: env.PAGE_CACHE_MAX_BYTES }) : undefined;

  const app = express();
  app.set("trust proxy", env.TRUST_PROXY);
  app.disable("x-powered-by");
  const contexts = requestContexts({ originOf, expressRequest: app.request });

  const logOptions: RequestLogOptions = {
    skip: (p) => p.endsWith("/healthz") || p.endsWith("/readyz") || (env.LOG_LEVEL !== "debug" && p.startsWith("/_platform/")),
  };
  app.use(requestId);
  app.use(requestLog(logOptions));
  if (options.platformRouter) app.use("/_platform", options.platformRouter);
  // A worker of build/cluster.js: the primary runs the embedded platform.
  else if (env.EMBEDDED_PLATFORM_URL) app.use("/_platform", platformProxy(env.EMBEDDED_PLATFORM_URL));
  const clientDir = options.devMiddlewares ? undefined : path.join(options.projectRoot, "build/client");
  // Vite fingerprints everything under assets/. Before compression: they are sent as compressed at build time.
  if (clientDir) app.use(`${BASE_PATH}assets`, staticFiles(path.join(clientDir, "assets"), { immutable: true, maxAge: "1y" }));
  // After the platform: its answers mostly go to this host's own backend over loopback, where gzip costs CPU for nothing.
  app.use(compression());
  const readiness = createReadiness();
  app.use(BASE_PATH, healthRoutes({ readiness }));

  // Before the development server's middleware, which rewrites paths under the base.
  const liveHub = createPlatformLiveHub();
  const stopContentWriteFanOut = startContentWriteFanOut();
  const stopEdgePurges = startEdgePurges({
    edges: env.EDGE_PURGE_URLS,
    purgeKey: env.EDGE_PURGE_KEY,
    pathsOf: pageStore?.pathsOf,
    purgeUrls: options.purgeUrls,
  });
  const liveStreams = liveStreamRoutes({
    hub: liveHub,
    maxLifetimeMs: env.LIVE_STREAM_MAX_SECONDS * 1000,
    perAddress: env.LIVE_STREAMS_PER_ADDRESS,
    perProcess: env.LIVE_STREAMS_PER_PROCESS,
  });
  app.use(BASE_PATH, liveStreams.router);
  watchSources({ breakers: breakerStates, pageCache: pageStore?.stats, liveStreams: liveStreams.count, liveHub: () => liveHub.stats() });
  const readDetail = readPlatformDetail({ pageCache: pageStore?.stats, redis: () => sharedRedis()?.status ?? "not configured" });
  const stopInternalListener = cluster.isWorker
    ? answerDetailRequests(readDetail)
    : startInternalListener({ metrics: processMetrics, routes: { "/health/detail": detailRoute(readDetail) } });

  app.get("/", (_req, res) => res.redirect(302, BASE_PATH));
  app.get(EDGE_VARIANT_PATH, edgeVariant);

  if (options.devMiddlewares) {
    app.use(options.devMiddlewares);
  } else if (clientDir) {
    app.get(`${BASE_PATH}sw.js`, (_req, res) => {
      res.set({ "Cache-Control": "no-cache", "Service-Worker-Allowed": BASE_PATH });
      res.sendFile(path.join(clientDir, "sw.js"));
    });
    // Files are only at the top of build/client, so pages never go to the disk for a stat.
    const publicFiles = staticFiles(clientDir, { maxAge: "1h" });
    app.use(BASE_PATH, (req, res, next) => (/^\/[^/]+\.[a-z0-9]+$/i.test(req.path) ? publicFiles(req, res, next) : next()));
  }

  app.use(pageMiddleware({ development, frameParents: env.FRAME_PARENT_ORIGINS, knownHosts: hosts, originOf, cookieSecure: env.cookieSecure }));
  app.all(
    "*",
    remixHandler({
      // Remix re-derives its routes for a function build on every request: only development passes one.
      build: options.build,
      mode: env.NODE_ENV,
      originOf,
      pageStore,
      renderConcurrency: env.RENDER_CONCURRENCY,
      contextOf: contexts.inPipeline,
    }),
  );

  const answerStoredPage =
    pageStore &&
    storedPageHits({
      pageStore,
      knownHosts: hosts,
      trustProxy: app.get("trust proxy fn"),
      log: logOptions,
      personal: personalBeforePipeline(contexts),
    });
  const answer = (req: IncomingMessage, res: ServerResponse) => {
    const answered = answerStoredPage?.(req, res) ?? false;
    if (answered === false) app(req, res);
    else if (answered !== true) void answered.then((done) => done || app(req, res));
  };
  return {
    listener(req, res) {
      measureRequest(req, res);
      traceRequest(req, res, requestSpanName, answer);
    },
    readiness,
    shutdownOn: (server, hooks) =>
      gracefulShutdown(server, {
        readiness,
        delayMs: env.shutdownDelayMs,
        ...hooks,
        release: async () => {
          await hooks.release();
          await stopTracing().catch((error: unknown) => logger.warn({ err: error }, "the last spans were not sent"));
        },
      }),
    close() {
      stopInternalListener();
      stopContentWriteFanOut();
      stopEdgePurges();
      liveStreams.close();
      liveHub.close();
    },
    announce: (origin, embedded) => announceStartUp(origin, env, embedded),
  };
}

export const siteEntry: SiteEntry = { env, logger, routeConsoleToLogger, startTracing, createSite };
