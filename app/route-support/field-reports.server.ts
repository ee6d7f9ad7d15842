import type { AppLoadContext } from "@remix-run/node";
import { LRUCache } from "lru-cache";
import { deviceClassLabel, detectDevice } from "~/lib/device";
import { parseClientErrorReport, parseVitalsReport } from "~/lib/field-report-schema";
import { REPORT_FIELD, type ClientErrorReport } from "~/lib/field-reports";
import { pageTypeOf } from "~/lib/page-type";
import { jsonError } from "~/route-support/json-error.server";
import { originalLocation, stackFrames, type SourceLocation } from "~/runtime/client-source-maps.server";
import { env } from "~/runtime/env.server";
import { logger } from "~/runtime/logger.server";
import { countClientError, observeWebVital } from "~/runtime/metrics.server";
import { createRateLimiter, type RateLimiter } from "~/runtime/rate-limit.server";
import { formText } from "~/visitor/csrf.server";

/**
 * Pages' reports of themselves (docs/operations.md, "Real-user metrics"). Only metric counts with labels from fixed
 * sets are kept: nothing of the visitor.
 */

const limit = (name: string): RateLimiter => createRateLimiter({ name, windowMs: 60_000, max: env.RUM_RATE_LIMIT_PER_MINUTE });
const vitalsLimiter = limit("web-vitals");
const errorsLimiter = limit("client-errors");

/** A GET is a clear 405, not a missing-loader error. */
export const refuseGet = () => jsonError(405, undefined, { Allow: "POST" });

const recorded = () => new Response(null, { status: 204 });

async function postedReport(context: AppLoadContext, limiter: RateLimiter): Promise<string | Response> {
  const form = context.visitor.postedForm;
  if (!form) return refuseGet();
  const wait = await limiter.hit(context.clientIp);
  if (wait > 0) return jsonError(429, undefined, { "Retry-After": String(wait) });
  return formText(form, REPORT_FIELD);
}

export async function receiveVitals(context: AppLoadContext): Promise<Response> {
  const text = await postedReport(context, vitalsLimiter);
  if (text instanceof Response) return text;
  const report = parseVitalsReport(text);
  if (!report.ok) return jsonError(400, report.error);
  const device = detectDevice(context.userAgent);
  if (device.isBot) return recorded();
  const labels = { page_type: pageTypeOf(report.value.path), device_class: deviceClassLabel(device) };
  for (const { name, value } of report.value.metrics) observeWebVital(name, labels, value);
  return recorded();
}

/** A script that throws in a loop is one error a few minutes per address; held in memory only. */
const recentErrors = new LRUCache<string, true>({ max: 5000, ttl: 10 * 60_000 });

async function errorLocation(report: ClientErrorReport): Promise<SourceLocation | null> {
  const frames = stackFrames(report.stack ?? "");
  if (report.source && report.line !== undefined) frames.push({ url: report.source, line: report.line, column: report.column ?? 0 });
  for (const frame of frames) {
    const location = await originalLocation(frame.url, frame.line, frame.column);
    if (location) return location;
  }
  return null;
}

export async function receiveClientError(context: AppLoadContext): Promise<Response> {
  const text = await postedReport(context, errorsLimiter);
  if (text instanceof Response) return text;
  const parsed = parseClientErrorReport(text);
  if (!parsed.ok) return jsonError(400, parsed.error);
  const report = parsed.value;
  const device = detectDevice(context.userAgent);
  if (device.isBot) return recorded();
  const location = await errorLocation(report);
  const where = location ? `${location.source}:${location.line}:${location.column}` : "unknown";
  const signature = [context.clientIp, report.kind, report.message, where].join("\n");
  if (recentErrors.has(signature)) return recorded();
  recentErrors.set(signature, true);
  const pageType = pageTypeOf(report.path);
  countClientError({ page_type: pageType, kind: report.kind });
  logger.warn(
    {
      kind: report.kind,
      error: report.message,
      source: where,
      pageType,
      deviceClass: deviceClassLabel(device),
    },
    "client script error",
  );
  return recorded();
}
