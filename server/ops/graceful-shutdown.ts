import type { IncomingMessage, Server, ServerResponse } from "node:http";
import { logger } from "../../app/runtime/logger.server";
import type { Readiness } from "./health";

/** Above a load balancer's idle timeout (60 s for the common ones), so the balancer, not this server, closes idle connections. */
export const KEEP_ALIVE_TIMEOUT_MS = 65_000;
/** Node requires it above the keep-alive timeout, or a kept-alive request's headers could time out first. */
export const HEADERS_TIMEOUT_MS = 66_000;
export const DRAIN_LIMIT_MS = 10_000;

export type ShutdownOptions = {
  readiness: Readiness;
  /** For balancers to notice the process is unready before it stops taking connections. */
  delayMs: number;
  /** Live event streams never end by themselves, and the server's close would wait for them. */
  endStreams: () => void;
  release: () => void | Promise<void>;
  exit?: (code: number) => void;
};

export function gracefulShutdown(server: Server, options: ShutdownOptions): (signal: string) => Promise<void> {
  server.keepAliveTimeout = KEEP_ALIVE_TIMEOUT_MS;
  server.headersTimeout = HEADERS_TIMEOUT_MS;
  const exit = options.exit ?? ((code: number) => process.exit(code));
  let closing = false;
  const inFlight = new Set<ServerResponse>();
  server.prependListener("request", (_req: IncomingMessage, res: ServerResponse) => {
    if (closing) return void (res.shouldKeepAlive = false);
    inFlight.add(res);
    res.once("close", () => inFlight.delete(res));
  });
  /** Kept-alive connections would hold the close up until they time out. */
  const endConnections = () => {
    closing = true;
    server.closeIdleConnections();
    for (const res of inFlight) {
      if (!res.headersSent) res.shouldKeepAlive = false;
      // The connection counts as idle only once the response's 'finish' has been handled.
      else res.once("finish", () => setImmediate(() => server.closeIdleConnections()));
    }
  };
  let stopping: Promise<void> | null = null;
  return (signal) =>
    (stopping ??= (async () => {
      options.readiness.drain();
      logger.info({ signal, delayMs: options.delayMs }, "shutting down: unready, then draining");
      await new Promise((resolve) => setTimeout(resolve, options.delayMs));
      setTimeout(() => {
        logger.warn({ limitMs: DRAIN_LIMIT_MS }, "requests still in flight at the drain limit: exiting");
        exit(1);
      }, DRAIN_LIMIT_MS).unref();
      options.endStreams();
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        endConnections();
      });
      await options.release();
      logger.info("drained: exiting");
      exit(0);
    })());
}
