import { createProxyMiddleware } from "http-proxy-middleware";
import type { RequestHandler } from "express";

/**
 * Serves the embedded platform's browser-facing paths (media, development pages) from the process that runs it.
 * Responses stream through unbuffered, so media ranges and event streams behave as if it were mounted here.
 */
export function platformProxy(target: string): RequestHandler {
  return createProxyMiddleware({ target, xfwd: true, proxyTimeout: 30_000 });
}
