import { AsyncLocalStorage } from "node:async_hooks";
import { createRequire } from "node:module";
import { format } from "node:util";
import { pino, type DestinationStream, type Logger } from "pino";
import { env } from "~/runtime/env.server";
import { activeTraceIds } from "~/runtime/tracing.server";

/** What every line written while serving one request carries, and what its upstream calls count. */
type RequestScope = { requestId: string; calls: Map<string, number> };

const scopes = new AsyncLocalStorage<RequestScope>();

/**
 * The site's one logger (pino): one JSON object per line with `level`, `time` and `msg` when stdout is not a terminal,
 * readable lines on a terminal. A line written while a request is served (anywhere below `withRequestId`) carries its
 * `requestId`, and, while traces are on, the `trace_id` and `span_id` of the span it was written in. Errors go in the
 * `err` field, with their stack. `LOG_LEVEL` sets the threshold.
 */
export const logger: Logger = pino(
  {
    level: env.LOG_LEVEL,
    timestamp: pino.stdTimeFunctions.isoTime,
    formatters: { level: (label) => ({ level: label }) },
    mixin: () => {
      const scope = scopes.getStore();
      const fields = scope ? { requestId: scope.requestId } : {};
      const trace = activeTraceIds();
      return trace ? Object.assign(fields, trace) : fields;
    },
  },
  destination(),
);

function destination(): DestinationStream {
  // One write per line, whole: the workers of build/cluster.js share the primary's stdout, and a pipe keeps a write
  // of up to 4 KiB in one piece, where lines buffered together could be cut between two workers' writes.
  if (!process.stdout.isTTY) return pino.destination({ dest: 1, sync: true });
  // Loaded only for a terminal: a deployment's stdout is a pipe.
  const pretty = createRequire(import.meta.url)("pino-pretty") as typeof import("pino-pretty");
  return pretty({
    colorize: true,
    sync: true,
    translateTime: "SYS:HH:MM:ss.l",
    ignore: "pid,hostname",
  });
}

/** Runs `work` (and everything it starts) as the serving of the request `requestId`: its lines carry that id. */
export function withRequestId<T>(requestId: string, work: () => T): T {
  return scopes.run({ requestId, calls: new Map() }, work);
}

/** How many times the request being served has made the call `key` so far, this one included (1 outside a request). */
export function countCall(key: string): number {
  const calls = scopes.getStore()?.calls;
  const count = (calls?.get(key) ?? 0) + 1;
  calls?.set(key, count);
  return count;
}

type ConsoleMethod = "debug" | "log" | "info" | "warn" | "error" | "trace";

/**
 * Sends what packages write to the console (a browser SDK warning as the server imports it, React's warnings) through
 * the logger at the matching level, so every line the process writes is one JSON object. The entries call it first;
 * `held` is what was written before (server.ts holds the lines of the build's own loading).
 */
export function routeConsoleToLogger(held: ReadonlyArray<{ method: ConsoleMethod; args: unknown[] }> = []): void {
  const through =
    (level: "debug" | "info" | "warn" | "error") =>
    (...args: unknown[]) => {
      const error = args.find((arg) => arg instanceof Error);
      logger[level](error ? { err: error } : {}, format(...args));
    };
  const routed: Record<ConsoleMethod, (...args: unknown[]) => void> = {
    debug: through("debug"),
    log: through("info"),
    info: through("info"),
    warn: through("warn"),
    error: through("error"),
    trace: through("debug"),
  };
  Object.assign(console, routed);
  for (const { method, args } of held) routed[method](...args);
}
