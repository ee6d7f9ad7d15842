import { randomUUID } from "node:crypto";
import type { ServerResponse } from "node:http";
import type { RequestHandler } from "express";

const INCOMING_ID = /^[A-Za-z0-9._-]{8,64}$/;

/** A request's id: a trusted proxy's when well-formed, else a new one. */
export function requestIdOf(incoming: string | undefined): string {
  return incoming && INCOMING_ID.test(incoming) ? incoming : randomUUID();
}

/** Gives every request an id and echoes it back. */
export const requestId: RequestHandler = (req, res, next) => {
  res.locals.requestId = requestIdOf(req.get("x-request-id"));
  res.setHeader("X-Request-Id", res.locals.requestId);
  next();
};

export type RequestLogOptions = { silent: boolean; skip: (path: string) => boolean };

/**
 * Writes the request's line when its response has finished (server/stored-page-hits.ts logs its answers through this
 * too). `path` is the path that was asked for, without the query string.
 */
export function logWhenFinished(
  options: RequestLogOptions,
  res: ServerResponse,
  line: { id: string; method: string; path: string },
  started = process.hrtime.bigint(),
): void {
  if (options.silent || options.skip(line.path)) return;
  res.on("finish", () => {
    const ms = Number(process.hrtime.bigint() - started) / 1e6;
    writeLine(
      JSON.stringify({ at: new Date().toISOString(), id: line.id, method: line.method, path: line.path, status: res.statusCode, ms: Math.round(ms * 10) / 10 }),
    );
  });
}

/**
 * The lines of one turn of the event loop, logged together: under load one console.log (a write, and its formatting)
 * for many answers instead of one each. Logged at the latest when the process exits.
 */
let pending: string[] = [];

function writeLine(line: string) {
  if (pending.length === 0) setImmediate(flushLines);
  pending.push(line);
}

function flushLines() {
  if (pending.length === 0) return;
  const lines = pending;
  pending = [];
  console.log(lines.join("\n"));
}

process.on("exit", flushLines);

/**
 * One JSON line per request. Only the path is logged, never the query string, so nothing a visitor
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
