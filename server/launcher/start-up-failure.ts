import { format } from "node:util";
import type { HeldConsoleLine } from "./site-entry";

/** Written as the logger would have, since the logger is part of what failed. */
export function startUpFailed(error: unknown, held: readonly HeldConsoleLine[] = []): never {
  const time = new Date().toISOString();
  const line = (level: string, msg: string, extra: object = {}) => process.stdout.write(`${JSON.stringify({ level, time, msg, ...extra })}\n`);
  for (const { method, args } of held) line(method === "log" ? "info" : method === "trace" ? "debug" : method, format(...args));
  const err = error instanceof Error ? { type: error.name, message: error.message, stack: error.stack } : { message: String(error) };
  line("fatal", "the site could not start", { err });
  process.exit(1);
}
