import cluster from "node:cluster";
import { createServer } from "node:http";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import type { ServerBuild } from "@remix-run/node";
import type { RequestHandler } from "express";
import { siteEntryOf, type Site, type SiteEntry } from "./server/site-entry";
import { answerHealthPings } from "./server/worker-health";

// The launcher: it loads the Remix server build, which holds the site and every module of the app once
// (server/site.ts), runs the embedded platform when no PLATFORM_API_URL is set, listens and stops. It runs as
// server.ts in development and as build/server.js in production; scripts/build-server.mjs fails the build if app
// state gets bundled into it.
const here = path.dirname(fileURLToPath(import.meta.url));
const projectRoot = path.basename(here) === "build" ? path.dirname(here) : here;
// Read here only to choose between Vite and the built site: the site's env is the configuration.
const development = process.env.NODE_ENV !== "production";

let build: ServerBuild | (() => Promise<ServerBuild>);
let devMiddlewares: RequestHandler | undefined;
if (development) {
  const vite = await import("vite");
  const devServer = await vite.createServer({ server: { middlewareMode: true } });
  devMiddlewares = devServer.middlewares;
  // Each call answers the current modules: Vite evaluates again what changed and what imports it.
  build = () => devServer.ssrLoadModule("virtual:remix/server-build") as Promise<ServerBuild>;
} else {
  build = (await import(pathToFileURL(path.join(projectRoot, "build/server/index.js")).href)) as ServerBuild;
}
const loadEntry = async () => siteEntryOf(typeof build === "function" ? await build() : build);

let entry = await loadEntry();
const { env } = entry;
// Only a process that runs the embedded platform loads its code and better-sqlite3.
const embedded = env.embeddedPlatform ? await import("./server/embedded-platform") : null;
const platform = embedded?.embeddedPlatform(projectRoot, env) ?? null;
const createSite = (from: SiteEntry) => from.createSite({ build, projectRoot, platformRouter: platform?.router, devMiddlewares });
let site: Site = createSite(entry);

/** In development, a site whose module Vite evaluated again replaces the one before it (routes and state alike). */
async function currentSite(): Promise<Site> {
  const latest = await loadEntry();
  if (latest !== entry) {
    site.close();
    entry = latest;
    site = createSite(entry);
  }
  return site;
}

const server = createServer(
  development
    ? (req, res) => {
        currentSite().then(
          (current) => current.listener(req, res),
          (error: Error) => {
            console.error(error);
            res.statusCode = 500;
            res.end(error.stack);
          },
        );
      }
    : site.listener,
);
server.listen(env.PORT, env.HOST, () => {
  const origin = `http://localhost:${env.PORT}`;
  // Under build/cluster.js the primary announces the start once for all its workers.
  if (!cluster.isWorker) site.announce(origin, platform && embedded ? embedded.embeddedPlatformNotes(origin, platform, env) : null);
});
answerHealthPings();

let stopping = false;
function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  console.log(`${signal}: closing`);
  // Finish in-flight requests, then release the database; give up after 10 s.
  setTimeout(() => process.exit(1), 10_000).unref();
  // Live event streams never end by themselves, and server.close waits for every open connection: end the
  // site's (browsers reconnect elsewhere and resume), their upstreams, and the embedded platform's.
  site.close();
  platform?.closeLiveStreams();
  server.close(() => {
    platform?.close();
    process.exit(0);
  });
  server.closeIdleConnections();
}
process.on("SIGTERM", () => shutdown("SIGTERM"));
process.on("SIGINT", () => shutdown("SIGINT"));
