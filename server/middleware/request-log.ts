import { randomUUID } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { RequestHandler } from "express";
import { logger, withRequestId } from "../../app/runtime/logger.server";
import { fromTrustedProxy, type TrustProxy } from "./public-origin";

const INCOMING_ID = /^[A-Za-z0-9._-]{8,64}$/;

/** Only a trusted proxy's id: anyone else's would let them write into the logs under another request's name. */
export function requestIdOf(req: IncomingMessage, trust: TrustProxy | undefined): string {
  const incoming = fromTrustedProxy(req, trust) ? req.headers["x-request-id"] : undefined;
  return typeof incoming === "string" && INCOMING_ID.test(incoming) ? incoming : randomUUID();
}

export const requestId: RequestHandler = (req, res, next) => {
  res.locals.requestId = requestIdOf(req, req.app.get("trust proxy fn") as TrustProxy | undefined);
  res.setHeader("X-Request-Id", res.locals.requestId);
  withRequestId(res.locals.requestId, next);
};

export type RequestLogOptions = { skip: (path: string) => boolean };

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

/** Only the path, never the query string, so nothing a visitor types into a URL ends up in the logs. */
export function requestLog(options: RequestLogOptions): RequestHandler {
  return (req, res, next) => {
    // Read now: a middleware mounted at a path strips its mount point from req.path while it runs.
    logWhenFinished(options, res, { id: res.locals.requestId, method: req.method, path: req.path });
    next();
  };
}
