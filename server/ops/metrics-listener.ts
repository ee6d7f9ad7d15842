import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import { AggregatorRegistry } from "prom-client";
import { sameSecret } from "../../app/lib/same-secret.server";
import { env } from "../../app/runtime/env.server";
import { logger } from "../../app/runtime/logger.server";
import { metricsRegistry } from "../../app/runtime/metrics.server";

export type MetricsText = () => Promise<{ contentType: string; body: string }>;
export type InternalRoute = (req: IncomingMessage, res: ServerResponse) => void | Promise<void>;

/** A port of its own, never under the public base path, so nothing of it is reachable where visitors are. */
export function listenInternal(options: {
  port: number;
  host: string;
  metrics: MetricsText;
  routes?: Record<string, InternalRoute>;
  token?: string;
}): Promise<Server> {
  const routes: Record<string, InternalRoute> = { ...options.routes, "/metrics": (_req, res) => sendMetrics(res, options.metrics) };
  const server = createServer((req, res) => {
    const path = (req.url ?? "").split("?", 1)[0]!;
    const route = Object.hasOwn(routes, path) ? routes[path] : undefined;
    if (!route) return void res.writeHead(404, { "Content-Type": "text/plain" }).end("not found");
    if (req.method !== "GET" && req.method !== "HEAD") return void res.writeHead(405, { Allow: "GET, HEAD" }).end();
    if (options.token !== undefined && !bearerIs(req.headers.authorization, options.token)) {
      return void res.writeHead(401, { "WWW-Authenticate": 'Bearer realm="internal"', "Content-Type": "text/plain" }).end("unauthorized");
    }
    Promise.resolve(route(req, res)).catch((error: Error) => {
      logger.error({ err: error }, `internal ${path} failed`);
      if (!res.headersSent) res.writeHead(500, { "Content-Type": "text/plain" });
      res.end();
    });
  });
  // An answer that waits on workers must not keep the process from exiting.
  server.unref();
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port, options.host, () => {
      server.off("error", reject);
      resolve(server);
    });
  });
}

function bearerIs(authorization: string | undefined, token: string): boolean {
  const sent = /^Bearer ([^\s]+)$/i.exec(authorization ?? "")?.[1];
  return sent !== undefined && sameSecret(sent, token);
}

async function sendMetrics(res: ServerResponse, metrics: MetricsText) {
  const { contentType, body } = await metrics();
  res.writeHead(200, { "Content-Type": contentType, "Cache-Control": "no-store" }).end(body);
}

export const processMetrics: MetricsText = async () => {
  const registry = metricsRegistry();
  return { contentType: registry.contentType, body: await registry.metrics() };
};

/** Each worker is asked for its own at every scrape. */
export function workersMetrics(): MetricsText {
  const aggregator = new AggregatorRegistry();
  return async () => ({ contentType: aggregator.contentType, body: await aggregator.clusterMetrics() });
}

/** A port already taken costs the metrics, not the site: the process goes on serving and says so. */
export function startInternalListener(options: { metrics: MetricsText; routes?: Record<string, InternalRoute> }): () => void {
  if (env.METRICS_PORT === 0) return () => {};
  const listening = listenInternal({ port: env.METRICS_PORT, host: env.METRICS_HOST, token: env.METRICS_TOKEN, ...options }).catch((error: Error) => {
    logger.warn(`metrics: cannot listen on ${env.METRICS_HOST}:${env.METRICS_PORT}: ${error.message}`);
    return null;
  });
  return () => void listening.then((server) => server?.close());
}
