import { AsyncLocalStorage } from "node:async_hooks";
import { createRequire } from "node:module";
import { format } from "node:util";
import { pino, type DestinationStream, type Logger } from "pino";
import { env } from "~/runtime/env.server";
import { activeTraceIds } from "~/runtime/tracing.server";

type RequestScope = { requestId: string; calls: Map<string, number> };

const scopes = new AsyncLocalStorage<RequestScope>();

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
  const pretty = createRequire(import.meta.url)("pino-pretty") as typeof import("pino-pretty");
  return pretty({
    colorize: true,
    sync: true,
    translateTime: "SYS:HH:MM:ss.l",
    ignore: "pid,hostname",
  });
}

export function withRequestId<T>(requestId: string, work: () => T): T {
  return scopes.run({ requestId, calls: new Map() }, work);
}

export function countCall(key: string): number {
  const calls = scopes.getStore()?.calls;
  const count = (calls?.get(key) ?? 0) + 1;
  calls?.set(key, count);
  return count;
}

type ConsoleMethod = "debug" | "log" | "info" | "warn" | "error" | "trace";

/** So every line the process writes is one JSON object. */
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
