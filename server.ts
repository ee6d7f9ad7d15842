import cluster from "node:cluster";
import { createServer } from "node:http";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import type { ServerBuild } from "@remix-run/node";
import type { RequestHandler } from "express";
import { siteEntryOf, type HeldConsoleLine, type Site, type SiteEntry } from "./server/launcher/site-entry";
import { startUpFailed } from "./server/launcher/start-up-failure";
import { answerHealthPings } from "./server/launcher/worker-health";

// The launcher; scripts/build-server.mjs fails the build if app state gets bundled into it (server/launcher/site-entry.ts).
const here = path.dirname(fileURLToPath(import.meta.url));
const projectRoot = path.basename(here) === "build" ? path.dirname(here) : here;
// Read here only to choose between Vite and the built site: the site's env is the configuration.
const development = process.env.NODE_ENV !== "production";

// Held for the site's logger, so every line the process writes is one JSON object.
const heldConsole: HeldConsoleLine[] = [];
for (const method of ["debug", "log", "info", "warn", "error", "trace"] as const) {
  // eslint-disable-next-line no-console -- the one place that takes console over, to hold its lines
  console[method] = (...args: unknown[]) => void heldConsole.push({ method, args });
}

const cannotStart = (error: unknown) => startUpFailed(error, heldConsole);

let build: ServerBuild | (() => Promise<ServerBuild>);
let devMiddlewares: RequestHandler | undefined;
if (development) {
  const vite = await import("vite");
  const devServer = await vite.createServer({ server: { middlewareMode: true } });
  devMiddlewares = devServer.middlewares;
  // Each call answers the current modules: Vite evaluates again what changed and what imports it.
  build = () => devServer.ssrLoadModule("virtual:remix/server-build") as Promise<ServerBuild>;
} else {
  build = (await import(pathToFileURL(path.join(projectRoot, "build/server/index.js")).href).catch(cannotStart)) as ServerBuild;
}
const loadEntry = async () => siteEntryOf(typeof build === "function" ? await build() : build);

let entry = await loadEntry().catch(cannotStart);
const { env, logger } = entry;
entry.routeConsoleToLogger(heldConsole);
// Before the site exists: its first request is traced already.
await entry.startTracing().catch(cannotStart);
const embedded = env.embeddedPlatform ? await import("./server/launcher/embedded-platform") : null;
const platform = embedded?.embeddedPlatform(projectRoot, env, embedded.platformLogThrough(logger)) ?? null;
const createSite = (from: SiteEntry) => from.createSite({ build, projectRoot, platformRouter: platform?.router, devMiddlewares });
let site: Site = createSite(entry);

/** Routes and state alike are replaced when Vite evaluated the module again. */
async function currentSite(): Promise<Site> {
  const latest = await loadEntry();
  if (latest !== entry) {
    site.close();
    entry = latest;
    site = createSite(entry);
    site.readiness.ready();
  }
  return site;
}

const server = createServer(
  development
    ? (req, res) => {
        currentSite().then(
          (current) => current.listener(req, res),
          (error: Error) => {
            logger.error({ err: error }, "the development build failed to load");
            res.statusCode = 500;
            res.end(error.stack);
          },
        );
      }
    : site.listener,
);
// A port taken or not allowed is the last way to fail at start, and the site's logger is there to say so.
server.once("error", (error) => {
  logger.fatal({ err: error }, "the site could not start");
  process.exit(1);
});
server.listen(env.PORT, env.HOST, () => {
  site.readiness.ready();
  const origin = `http://localhost:${env.PORT}`;
  // Under build/cluster.js the primary announces the start once for all its workers.
  if (!cluster.isWorker) site.announce(origin, platform && embedded ? embedded.embeddedPlatformNotes(origin, platform, env) : null);
});
answerHealthPings();

// Live event streams never end by themselves, and closing the server waits for every open connection.
const shutdown = site.shutdownOn(server, {
  endStreams: () => {
    site.close();
    platform?.closeLiveStreams();
  },
  release: () => platform?.close(),
});
process.on("SIGTERM", () => void shutdown("SIGTERM"));
process.on("SIGINT", () => void shutdown("SIGINT"));
