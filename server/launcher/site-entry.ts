import type { RequestListener, Server } from "node:http";
import type { Logger } from "pino";
import type { ServerBuild } from "@remix-run/node";
import type { RequestHandler } from "express";
import type { Env } from "../../app/runtime/env.server";
import type { ShutdownOptions } from "../ops/graceful-shutdown";
import type { Readiness } from "../ops/health";
import type { UrlPurgeHook } from "../page-cache/edge-purge";
import type { EmbeddedPlatformNotes } from "../ops/start-up-message";

// Only types and the accessor, so the launcher's bundle pulls in no app state (docs/decisions/0007-one-module-graph.md).
export type SiteOptions = {
  /** In development a function, so that each request renders with the current modules. */
  build: ServerBuild | (() => Promise<ServerBuild>);
  projectRoot: string;
  platformRouter?: RequestHandler;
  devMiddlewares?: RequestHandler;
  /** For a CDN without tags (docs/deploy.md, "The edge"). */
  purgeUrls?: UrlPurgeHook;
};

export type Site = {
  listener: RequestListener;
  /** The live streams and their upstream subscriptions never end by themselves. */
  close(): void;
  readiness: Readiness;
  shutdownOn(server: Server, hooks: Pick<ShutdownOptions, "endStreams" | "release">): (signal: string) => Promise<void>;
  announce(origin: string, embedded: EmbeddedPlatformNotes | null): void;
};

export type HeldConsoleLine = { method: "debug" | "log" | "info" | "warn" | "error" | "trace"; args: unknown[] };

export type SiteEntry = {
  env: Env;
  logger: Logger;
  routeConsoleToLogger: (held: HeldConsoleLine[]) => void;
  startTracing: () => Promise<void>;
  createSite: (options: SiteOptions) => Site;
};

/** Remix's server build exposes entry.server's named exports as `build.entry.module`. */
export function siteEntryOf(build: ServerBuild): SiteEntry {
  const { siteEntry } = build.entry.module as Partial<{ siteEntry: SiteEntry }>;
  if (!siteEntry) throw new Error("the server build's entry.server exports no siteEntry (build.entry.module)");
  return siteEntry;
}
