import { randomUUID } from "node:crypto";
import type { RequestHandler } from "express";

const INCOMING_ID = /^[A-Za-z0-9._-]{8,64}$/;

/** Gives every request an id (kept from a trusted proxy when well-formed) and echoes it back. */
export const requestId: RequestHandler = (req, res, next) => {
  const incoming = req.get("x-request-id");
  res.locals.requestId = incoming && INCOMING_ID.test(incoming) ? incoming : randomUUID();
  res.setHeader("X-Request-Id", res.locals.requestId);
  next();
};

/**
 * One JSON line per request. Only the path is logged, never the query string, so nothing a visitor
 * types into a URL ends up in the logs. Health checks are skipped.
 */
export function requestLog(options: { silent: boolean; skip: (path: string) => boolean }): RequestHandler {
  return (req, res, next) => {
    // Read now: a middleware mounted at a path (the static files under the base path) strips its mount point
    // from req.path while it runs, and the request may finish there.
    const path = req.path;
    if (options.silent || options.skip(path)) return next();
    const started = process.hrtime.bigint();
    res.on("finish", () => {
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      console.log(
        JSON.stringify({
          at: new Date().toISOString(),
          id: res.locals.requestId,
          method: req.method,
          path,
          status: res.statusCode,
          ms: Math.round(ms * 10) / 10,
        }),
      );
    });
    next();
  };
}
