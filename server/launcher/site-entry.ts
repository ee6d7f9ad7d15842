import type { RequestListener, Server } from "node:http";
import type { Logger } from "pino";
import type { ServerBuild } from "@remix-run/node";
import type { RequestHandler } from "express";
import type { Env } from "../../app/runtime/env.server";
import type { ShutdownOptions } from "../ops/graceful-shutdown";
import type { Readiness } from "../ops/health";
import type { UrlPurgeHook } from "../page-cache/edge-purge";
import type { EmbeddedPlatformNotes } from "../ops/start-up-message";

/**
 * The one seam between the launcher (server.ts) and the site, which lives inside the Remix server build so that
 * every module of the app exists once per process (docs/decisions/0007-one-module-graph.md). This file holds only
 * types and the accessor: the launcher may import it without pulling any app state into its own bundle.
 */
export type SiteOptions = {
  /** The Remix server build; in development a function, so that each request renders with the current modules. */
  build: ServerBuild | (() => Promise<ServerBuild>);
  /** The project's folder, where build/client and the platform's media are found. */
  projectRoot: string;
  /** The embedded platform's router, mounted at /_platform when this process runs the platform. */
  platformRouter?: RequestHandler;
  /** Development only: Vite's middlewares, which serve the browser's modules. */
  devMiddlewares?: RequestHandler;
  /** For a CDN without tags: purges the addresses of the pages each write made out of date (docs/deploy.md, "The edge"). */
  purgeUrls?: UrlPurgeHook;
};

export type Site = {
  /** Answers one request: a fresh stored page before Express, everything else through the middleware. */
  listener: RequestListener;
  /** Ends the live event streams and their upstream subscriptions, which never end by themselves. */
  close(): void;
  /** Ready once the server listens; draining once a signal came (`/readyz`). */
  readiness: Readiness;
  /**
   * Sets the timeouts balancers need on `server`, and returns what a signal runs: unready, SHUTDOWN_DELAY_MS, then
   * drain (ending the streams `hooks` names) and exit.
   */
  shutdownOn(server: Server, hooks: Pick<ShutdownOptions, "endStreams" | "release">): (signal: string) => Promise<void>;
  /** Prints the start-up message for `origin`, with what the embedded platform adds when this process runs it. */
  announce(origin: string, embedded: EmbeddedPlatformNotes | null): void;
};

/** A line a package wrote to the console before the site's logger took it over. */
export type HeldConsoleLine = { method: "debug" | "log" | "info" | "warn" | "error" | "trace"; args: unknown[] };

/**
 * What `app/entry.server.tsx` exports as `siteEntry`: the process's configuration, its logger, the site's constructor,
 * the call that sends the console through the logger (replaying what was written while the build loaded), and the
 * one that starts the traces.
 */
export type SiteEntry = {
  env: Env;
  logger: Logger;
  routeConsoleToLogger: (held: HeldConsoleLine[]) => void;
  /** Loads and starts OpenTelemetry's SDK when an OTLP endpoint is set; nothing otherwise (app/runtime/tracing.server.ts). */
  startTracing: () => Promise<void>;
  createSite: (options: SiteOptions) => Site;
};

/** The site inside `build`: Remix's server build exposes entry.server's named exports as `build.entry.module`. */
export function siteEntryOf(build: ServerBuild): SiteEntry {
  const { siteEntry } = build.entry.module as Partial<{ siteEntry: SiteEntry }>;
  if (!siteEntry) throw new Error("the server build's entry.server exports no siteEntry (build.entry.module)");
  return siteEntry;
}
