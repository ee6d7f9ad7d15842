import type { Server, ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { captureLog } from "../../app/runtime/logger.test-support";
import { listenInternal, processMetrics } from "./metrics-listener";

let server: Server;
let base: string;

beforeAll(async () => {
  server = await listenInternal({
    port: 0,
    host: "127.0.0.1",
    metrics: processMetrics,
    routes: {
      "/health/detail": (_req, res) => void res.writeHead(200, { "Content-Type": "application/json" }).end('{"peony":"closed"}'),
      "/broken": async () => {
        throw new Error("detail unavailable");
      },
    },
  });
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => server.close());

describe("the internal listener", () => {
  it("serves the process's metrics in Prometheus text at /metrics", async () => {
    const response = await fetch(`${base}/metrics?x=1`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(response.headers.get("cache-control")).toBe("no-store");
    const text = await response.text();
    expect(text).toContain("# TYPE http_request_duration_seconds histogram");
    expect(text).toContain("# TYPE process_resident_memory_bytes gauge");
  });

  it("answers the extra routes it is given", async () => {
    const response = await fetch(`${base}/health/detail`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ peony: "closed" });
  });

  it("answers a route that fails with a 500 and logs it", async () => {
    const { lines } = captureLog();
    expect((await fetch(`${base}/broken`)).status).toBe(500);
    expect(lines).toContainEqual(
      expect.objectContaining({ level: "error", msg: "internal /broken failed", err: expect.objectContaining({ message: "detail unavailable" }) }),
    );
  });

  it("answers nothing else: other paths 404 (the base path's too), other methods 405", async () => {
    for (const path of ["/", "/davmu/share/metrics", "/metrics/", "/toString", "/__proto__"])
      expect((await fetch(base + path)).status, path).toBe(404);
    const post = await fetch(`${base}/metrics`, { method: "POST" });
    expect(post.status).toBe(405);
    expect(post.headers.get("allow")).toBe("GET, HEAD");
  });
});

describe("the internal listener with a token (METRICS_TOKEN)", () => {
  const TOKEN = "scrape-token-0123456789";
  let guarded: Server;
  let at = "";

  beforeAll(async () => {
    const detail = (_req: unknown, res: ServerResponse) => void res.writeHead(200).end("{}");
    guarded = await listenInternal({ port: 0, host: "127.0.0.1", metrics: processMetrics, routes: { "/health/detail": detail }, token: TOKEN });
    at = `http://127.0.0.1:${(guarded.address() as AddressInfo).port}`;
  });

  afterAll(() => guarded.close());

  it("answers /metrics and /health/detail only with the bearer token", async () => {
    for (const path of ["/metrics", "/health/detail"]) {
      expect((await fetch(at + path, { headers: { authorization: `Bearer ${TOKEN}` } })).status, path).toBe(200);
      expect((await fetch(at + path, { headers: { authorization: `bearer ${TOKEN}` } })).status, path).toBe(200);
    }
  });

  it.each([
    undefined,
    "Bearer wrong-token-0123456789",
    `Bearer ${TOKEN}x`,
    `Bearer ${TOKEN.slice(1)}`,
    `Basic ${TOKEN}`,
    TOKEN,
    `Bearer ${TOKEN} extra`,
  ])("refuses %j with 401 and WWW-Authenticate: Bearer, and says nothing more", async (authorization) => {
    for (const path of ["/metrics", "/health/detail"]) {
      const response = await fetch(at + path, { headers: authorization ? { authorization } : {} });
      expect(response.status, path).toBe(401);
      expect(response.headers.get("www-authenticate")).toMatch(/^Bearer\b/);
      expect(await response.text()).toBe("unauthorized");
    }
  });
});
