import { format } from "node:util";
import type { HeldConsoleLine } from "./site-entry";

/**
 * A site that cannot start (an invalid environment, a missing build) says why in one JSON line, as its logger would
 * have, after what packages printed before it, and the process ends with 1: the site's logger is part of what failed.
 */
export function startUpFailed(error: unknown, held: readonly HeldConsoleLine[] = []): never {
  const time = new Date().toISOString();
  const line = (level: string, msg: string, extra: object = {}) => process.stdout.write(`${JSON.stringify({ level, time, msg, ...extra })}\n`);
  for (const { method, args } of held) line(method === "log" ? "info" : method === "trace" ? "debug" : method, format(...args));
  const err = error instanceof Error ? { type: error.name, message: error.message, stack: error.stack } : { message: String(error) };
  line("fatal", "the site could not start", { err });
  process.exit(1);
}
