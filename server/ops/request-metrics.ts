import type { IncomingMessage, ServerResponse } from "node:http";
import { isSingleFetchDataPath } from "../../app/framework/remix-internals";
import { BASE_PATH } from "../../app/lib/base-path";
import { DETAIL_MIN_SEGMENTS, PAGE_SECTIONS } from "../../app/lib/page-type";
import { observeRequest } from "../../app/runtime/metrics.server";

const METHODS = new Set(["GET", "HEAD", "POST", "OPTIONS"]);

/** A small fixed set of labels, so series stay few whatever URLs scanners ask for. */
export function routeFamily(path: string): string {
  if (path.startsWith("/_platform/")) return "platform";
  if (!path.startsWith(BASE_PATH)) return path === BASE_PATH.slice(0, -1) ? "home" : "outside";
  const rest = path.slice(BASE_PATH.length);
  if (rest === "") return "home";
  if (rest === "healthz" || rest === "readyz") return "health";
  if (/^api\/live\/[^/]+\/events$/.test(rest)) return "live";
  if (rest.startsWith("api/")) return "api";
  if (isSingleFetchDataPath(rest)) return "data";
  if (rest.startsWith("assets/") || /^[^/]+\.[a-z0-9]+$/i.test(rest)) return "asset";
  const segments = rest.split("/");
  if (PAGE_SECTIONS.has(segments[0]!)) return segments[0]!;
  return segments.length >= DETAIL_MIN_SEGMENTS ? "detail" : "other";
}

export function statusClass(res: ServerResponse): string {
  return res.headersSent ? `${Math.floor(res.statusCode / 100)}xx` : "closed";
}

const methodOf = (req: IncomingMessage) => (METHODS.has(req.method ?? "") ? req.method! : "other");

export function requestSpanName(req: IncomingMessage): string {
  const target = req.url ?? "";
  const query = target.indexOf("?");
  return `${methodOf(req)} ${routeFamily(query < 0 ? target : target.slice(0, query))}`;
}

/** Includes the stored pages answered before Express. */
export function measureRequest(req: IncomingMessage, res: ServerResponse): void {
  const startedAt = process.hrtime.bigint();
  const target = req.url ?? "";
  const query = target.indexOf("?");
  const family = routeFamily(query < 0 ? target : target.slice(0, query));
  res.once("close", () => observeRequest({ family, method: methodOf(req), status_class: statusClass(res) }, startedAt));
}
