import type { IncomingMessage, Server, ServerResponse } from "node:http";
import { logger } from "../../app/runtime/logger.server";
import type { Readiness } from "./health";

/**
 * Longer than a load balancer's idle timeout (60 s for the common ones): the balancer, not this server, closes an
 * idle kept-alive connection, so it never sends a request on one this server is closing at that moment.
 */
export const KEEP_ALIVE_TIMEOUT_MS = 65_000;
/** Node requires the headers' timeout above the keep-alive one, or a kept-alive request's headers could time out first. */
export const HEADERS_TIMEOUT_MS = 66_000;
/** How long in-flight requests may take to finish once the server closes; then the process exits anyway. */
export const DRAIN_LIMIT_MS = 10_000;

export type ShutdownOptions = {
  readiness: Readiness;
  /** How long the process stays up, unready, before it stops taking connections: for balancers to notice. */
  delayMs: number;
  /** Ends what never ends by itself (live event streams), which the server's close would wait for. */
  endStreams: () => void;
  /** Releases what the requests used (the embedded platform's database, the spans not sent yet), once they are all done. */
  release: () => void | Promise<void>;
  exit?: (code: number) => void;
};

/** Sets the timeouts balancers need, and returns the shutdown `onSignal` runs once, whatever signals follow. */
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
  /**
   * Kept-alive connections would hold the close up until they time out: the answers still to come say
   * `Connection: close`, and those already under way end their connection once sent.
   */
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
