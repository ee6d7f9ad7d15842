import { pino, type LevelWithSilent } from "pino";
import { onTestFinished, vi } from "vitest";
import { logger } from "~/runtime/logger.server";

export type LogLine = Record<string, unknown> & { level: string; time: string; msg: string };

/**
 * Every line the logger writes until the test ends, parsed as the JSON it is and not printed. `level` is the threshold
 * meanwhile (the tests' own LOG_LEVEL is silent; debug for upstream calls and page-cache decisions).
 */
export function captureLog(level: LevelWithSilent = "info"): { lines: LogLine[] } {
  const stream = (logger as unknown as Record<symbol, { write: (chunk: string) => boolean }>)[pino.symbols.streamSym];
  const lines: LogLine[] = [];
  const write = vi.spyOn(stream, "write").mockImplementation((chunk: string) => {
    for (const line of chunk.split("\n")) if (line) lines.push(JSON.parse(line) as LogLine);
    return true;
  });
  const before = logger.level;
  logger.level = level;
  onTestFinished(() => {
    write.mockRestore();
    logger.level = before;
  });
  return { lines };
}
