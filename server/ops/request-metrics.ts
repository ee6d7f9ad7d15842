import type { IncomingMessage, ServerResponse } from "node:http";
import { isSingleFetchDataPath } from "../../app/framework/remix-internals";
import { BASE_PATH } from "../../app/lib/base-path";
import { DETAIL_MIN_SEGMENTS, PAGE_SECTIONS } from "../../app/lib/page-type";
import { observeRequest } from "../../app/runtime/metrics.server";

const METHODS = new Set(["GET", "HEAD", "POST", "OPTIONS"]);

/**
 * A request path's route family: a small fixed set of label values, so a metric's series stay few whatever URLs
 * visitors (or scanners) ask for. A detail page starts with its publisher's segment, any word, so whatever else
 * has the detail route's depth is a detail page; anything shallower is "other" (a 404, mostly).
 */
export function routeFamily(path: string): string {
  if (path.startsWith("/_platform/")) return "platform";
  if (!path.startsWith(BASE_PATH)) return path === BASE_PATH.slice(0, -1) ? "home" : "outside";
  const rest = path.slice(BASE_PATH.length);
  if (rest === "") return "home";
  if (rest === "healthz" || rest === "readyz") return "health";
  if (/^api\/live\/[^/]+\/events$/.test(rest)) return "live";
  if (rest.startsWith("api/")) return "api";
  if (isSingleFetchDataPath(rest)) return "data";
  // Hashed assets, sw.js and the files at the top of the client build (favicon, offline page, licenses).
  if (rest.startsWith("assets/") || /^[^/]+\.[a-z0-9]+$/i.test(rest)) return "asset";
  const segments = rest.split("/");
  if (PAGE_SECTIONS.has(segments[0]!)) return segments[0]!;
  return segments.length >= DETAIL_MIN_SEGMENTS ? "detail" : "other";
}

/** The status class of an answer, or "closed" when the connection ended before any was sent. */
export function statusClass(res: ServerResponse): string {
  return res.headersSent ? `${Math.floor(res.statusCode / 100)}xx` : "closed";
}

/** A request's method as a label: one of a few, or "other". */
const methodOf = (req: IncomingMessage) => (METHODS.has(req.method ?? "") ? req.method! : "other");

/** The name of a request's span (app/runtime/tracing.server.ts): its method and route family, such as "GET detail". */
export function requestSpanName(req: IncomingMessage): string {
  const target = req.url ?? "";
  const query = target.indexOf("?");
  return `${methodOf(req)} ${routeFamily(query < 0 ? target : target.slice(0, query))}`;
}

/**
 * Records the request in http_request_duration_seconds when its connection is done with it: every request the
 * host's listener takes, the stored pages answered before Express included.
 */
export function measureRequest(req: IncomingMessage, res: ServerResponse): void {
  const startedAt = process.hrtime.bigint();
  const target = req.url ?? "";
  const query = target.indexOf("?");
  const family = routeFamily(query < 0 ? target : target.slice(0, query));
  res.once("close", () => observeRequest({ family, method: methodOf(req), status_class: statusClass(res) }, startedAt));
}
