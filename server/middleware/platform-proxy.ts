import { createProxyMiddleware } from "http-proxy-middleware";
import type { RequestHandler } from "express";

/** Unbuffered, so media ranges and event streams behave as if the platform were mounted here. */
export function platformProxy(target: string): RequestHandler {
  return createProxyMiddleware({ target, xfwd: true, proxyTimeout: 30_000 });
}
