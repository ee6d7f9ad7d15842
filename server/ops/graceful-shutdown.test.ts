import { Agent, createServer, request, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { expect, it, vi } from "vitest";
import { createReadiness } from "./health";
import { gracefulShutdown, HEADERS_TIMEOUT_MS, KEEP_ALIVE_TIMEOUT_MS } from "./graceful-shutdown";

/** A server whose `/slow` answers only when the test says so, stopped by gracefulShutdown with a fake exit. */
async function setUp(delayMs: number) {
  const server: Server = createServer();
  let answerSlow = () => undefined as void;
  const slowArrived = new Promise<void>((arrived) =>
    server.on("request", (req, res) => {
      if (req.url !== "/slow") return void res.end("quick");
      answerSlow = () => res.end("slow");
      arrived();
    }),
  );
  const steps: string[] = [];
  const readiness = createReadiness();
  let exitCode: number | null = null;
  const shutdown = gracefulShutdown(server, {
    readiness,
    delayMs,
    endStreams: () => steps.push("streams ended"),
    release: () => void steps.push("released"),
    exit: (code) => {
      steps.push(`exit ${code}`);
      exitCode = code;
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  readiness.ready();
  const port = (server.address() as AddressInfo).port;
  const agent = new Agent({ keepAlive: true });
  const get = (path: string) =>
    new Promise<{ headers: IncomingHttpHeaders; body: string }>((resolve, reject) => {
      request({ port, host: "127.0.0.1", path, agent }, (res) => {
        let body = "";
        res.on("data", (chunk) => (body += chunk)).on("end", () => resolve({ headers: res.headers, body }));
      })
        .on("error", reject)
        .end();
    });
  return { server, readiness, steps, exitCode: () => exitCode, shutdown, get, slowArrived, answerSlow: () => answerSlow() };
}

it("keeps idle connections open longer than a balancer's, and gives headers a moment more", async () => {
  const { server, shutdown } = await setUp(0);
  expect([server.keepAliveTimeout, server.headersTimeout]).toEqual([KEEP_ALIVE_TIMEOUT_MS, HEADERS_TIMEOUT_MS]);
  expect(KEEP_ALIVE_TIMEOUT_MS).toBeGreaterThan(60_000);
  expect(HEADERS_TIMEOUT_MS).toBeGreaterThan(KEEP_ALIVE_TIMEOUT_MS);
  await shutdown("SIGTERM");
});

it("goes unready at once, still serves through the delay, then drains what is in flight on kept-alive connections and exits", async () => {
  const site = await setUp(1000);
  const slow = site.get("/slow");
  await site.slowArrived;
  const stopped = site.shutdown("SIGTERM");
  expect(site.readiness.state()).toBe("draining");
  // The balancer has not noticed yet: a visitor arriving now is served, on a connection of its own.
  const quick = await site.get("/quick");
  expect(quick).toMatchObject({ body: "quick", headers: { connection: "keep-alive" } });
  expect(site.steps).toEqual([]);
  // After the delay the streams end and the server closes, but the request in flight is still awaited.
  await vi.waitFor(() => expect(site.steps).toEqual(["streams ended"]), { timeout: 5000 });
  expect(site.server.listening).toBe(false);
  site.answerSlow();
  // Its answer ends its kept-alive connection, which would otherwise hold the close up for a minute.
  expect(await slow).toMatchObject({ body: "slow", headers: { connection: "close" } });
  await stopped;
  expect(site.steps).toEqual(["streams ended", "released", "exit 0"]);
});

it("runs once, whatever signals follow", async () => {
  const site = await setUp(0);
  await Promise.all([site.shutdown("SIGTERM"), site.shutdown("SIGINT"), site.shutdown("SIGTERM")]);
  expect(site.steps).toEqual(["streams ended", "released", "exit 0"]);
});
