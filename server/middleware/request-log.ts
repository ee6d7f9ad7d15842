import { randomUUID } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { RequestHandler } from "express";
import { logger, withRequestId } from "../../app/runtime/logger.server";
import { fromTrustedProxy, type TrustProxy } from "./public-origin";

const INCOMING_ID = /^[A-Za-z0-9._-]{8,64}$/;

/**
 * A request's id: the X-Request-Id of a trusted proxy (TRUST_PROXY, as Express reads it) when well-formed, else a new
 * one. Anyone else's would let them write what they like into the logs under another request's name.
 */
export function requestIdOf(req: IncomingMessage, trust: TrustProxy | undefined): string {
  const incoming = fromTrustedProxy(req, trust) ? req.headers["x-request-id"] : undefined;
  return typeof incoming === "string" && INCOMING_ID.test(incoming) ? incoming : randomUUID();
}

/** Gives every request an id, echoes it back, and serves the rest of the request under it: its log lines carry it. */
export const requestId: RequestHandler = (req, res, next) => {
  res.locals.requestId = requestIdOf(req, req.app.get("trust proxy fn") as TrustProxy | undefined);
  res.setHeader("X-Request-Id", res.locals.requestId);
  withRequestId(res.locals.requestId, next);
};

export type RequestLogOptions = { skip: (path: string) => boolean };

/**
 * Logs the request's line (`request completed`, at info) when its response has finished (server/page-cache/stored-page-hits.ts
 * logs its answers through this too). `path` is the path that was asked for, without the query string.
 */
export function logWhenFinished(
  options: RequestLogOptions,
  res: ServerResponse,
  line: { id: string; method: string; path: string },
  started = process.hrtime.bigint(),
): void {
  if (!logger.isLevelEnabled("info") || options.skip(line.path)) return;
  res.on("finish", () => {
    const ms = Number(process.hrtime.bigint() - started) / 1e6;
    logger.info(
      { requestId: line.id, method: line.method, path: line.path, status: res.statusCode, ms: Math.round(ms * 10) / 10 },
      "request completed",
    );
  });
}

/**
 * One line per request. Only the path is logged, never the query string, so nothing a visitor
 * types into a URL ends up in the logs. Health checks are skipped.
 */
export function requestLog(options: RequestLogOptions): RequestHandler {
  return (req, res, next) => {
    // Read now: a middleware mounted at a path (the static files under the base path) strips its mount point
    // from req.path while it runs, and the request may finish there.
    logWhenFinished(options, res, { id: res.locals.requestId, method: req.method, path: req.path });
    next();
  };
}
