import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { vi } from "vitest";

export type Handler = (req: IncomingMessage, res: ServerResponse, body: string) => void;
export type SeenRequest = { url: string; method: string; headers: IncomingMessage["headers"]; body: string };

/**
 * A stand-in upstream for BFF tests: a real HTTP server whose answer each test sets. The BFF reads its
 * configuration once, at import, so this points PLATFORM_API_URL at the server before the module under test loads.
 */
export async function startFakePlatform(options: { timeoutMs?: number } = {}) {
  const noAnswer: Handler = (_req, res) => res.end();
  let handler = noAnswer;
  const seen: SeenRequest[] = [];
  const server: Server = createServer((req, res) => {
    let body = "";
    req.on("data", (chunk) => (body += chunk));
    req.on("end", () => {
      seen.push({ url: req.url ?? "", method: req.method ?? "", headers: req.headers, body });
      handler(req, res, body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  vi.stubEnv("PLATFORM_API_URL", `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/`);
  vi.stubEnv("PLATFORM_TIMEOUT_MS", String(options.timeoutMs ?? 300));
  return {
    seen,
    answer(next: Handler) {
      handler = next;
      seen.length = 0;
    },
    reset() {
      this.answer(noAnswer);
    },
    close() {
      vi.unstubAllEnvs();
      server.closeAllConnections();
      server.close();
    },
  };
}

export function json(res: ServerResponse, payload: unknown, status = 200) {
  res.writeHead(status, { "content-type": "application/json" });
  res.end(JSON.stringify(payload));
}

/**
 * A platform that hands out anonymous tokens (`anon-1`, `anon-2`, …) and answers every other call with `otherwise`;
 * `issued()` counts the tokens handed out so far.
 */
export function anonymousTokens(otherwise: (res: ServerResponse) => void): { handler: Handler; issued: () => number } {
  let issued = 0;
  const handler: Handler = (req, res) => {
    if (!req.url?.endsWith("/peony/v1/auth")) return otherwise(res);
    issued += 1;
    json(res, { code: 0, message: "", data: { token: `anon-${issued}` } });
  };
  return { handler, issued: () => issued };
}
