import type { ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import express from "express";
import { describe, expect } from "vitest";
import { fakePlatformTest } from "../../app/bff/fixtures.test-support";
import { json } from "../../app/bff/fake-platform.test-support";
import type { PlatformDetail, Readiness } from "./health";
import { detailRoute } from "./health-detail";
import type { PageCacheStats } from "../../app/runtime/metrics.server";

const pageCache: PageCacheStats = { entries: 3, bytes: 4096, hits: 10, stale: 1, joined: 2, misses: 3, uncached: 0, personal: 4 };

/** The health routes on an Express app of their own, over the stand-in platform; one per file, as a process has one. */
type HealthSite = {
  readiness: Readiness;
  text(path: string): Promise<[number, string]>;
  detail(): Promise<{ status: number; body: PlatformDetail }>;
};

// Generous: on a busy machine a slow answer must not pass for an unparseable one.
const test = fakePlatformTest({ health: () => import("./health") }, { timeoutMs: 1500 }).extend<{ site: HealthSite }>({
  site: [
    async ({ health }, use) => {
      const readiness = health.createReadiness();
      const app = express();
      app.use("/davmu/share", health.healthRoutes({ readiness }));
      const route = detailRoute(health.readPlatformDetail({ pageCache: () => pageCache }));
      app.get("/health/detail", (req, res) => void route(req, res));
      const server = app.listen(0, "127.0.0.1");
      await new Promise((resolve) => server.once("listening", resolve));
      const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      await use({
        readiness,
        async text(path) {
          const response = await fetch(base + path);
          return [response.status, await response.text()];
        },
        async detail() {
          const response = await fetch(`${base}/health/detail`);
          return { status: response.status, body: (await response.json()) as PlatformDetail };
        },
      });
      server.close();
    },
    { scope: "file" },
  ],
});

describe("/readyz and /healthz", () => {
  test("is unready while the process starts, ready once it serves, unready again while it drains; alive throughout", async ({
    site: { text, readiness },
  }) => {
    expect(await text("/davmu/share/readyz")).toEqual([503, "not ready: starting"]);
    readiness.ready();
    expect(await text("/davmu/share/readyz")).toEqual([200, "ready"]);
    expect(await text("/davmu/share/healthz")).toEqual([200, "ok"]);
    readiness.drain();
    expect(await text("/davmu/share/readyz")).toEqual([503, "not ready: draining"]);
    readiness.ready();
    expect(await text("/davmu/share/readyz")).toEqual([503, "not ready: draining"]);
    expect(await text("/davmu/share/healthz")).toEqual([200, "ok"]);
  });
});

describe("the platform's detail, on the internal listener", () => {
  test("says the platform is reachable when it answers an envelope, whatever its code, with the breakers and the page cache", async ({
    site: { detail },
    platform,
  }) => {
    platform.answer((_req, res) => json(res, { code: 401, message: "缺少访问令牌", data: null }));
    expect(await detail()).toEqual({
      status: 200,
      body: { platform: { reachable: true }, breakers: { peony: "closed" }, pageCache, redis: "not configured" },
    });
    expect(platform.seen[0].url).toBe("/api/peony/v1/group");
  });

  test.for<[string, (res: ServerResponse) => void]>([
    ["an HTML page", (res: ServerResponse) => res.writeHead(200, { "content-type": "text/html" }).end("<html>proxy</html>")],
    ["JSON without an envelope", (res: ServerResponse) => json(res, { ok: true })],
    ["an envelope whose code is not a number", (res: ServerResponse) => json(res, { code: "0", data: {} })],
    ["a server error", (res: ServerResponse) => json(res, { code: 0, data: null }, 502)],
  ])("says why the platform is not reachable when it answers %s", async ([_name, answer], { site: { detail }, platform }) => {
    platform.answer((_req, res) => answer(res));
    const { status, body } = await detail();
    expect(status).toBe(503);
    expect(body.platform).toEqual({ reachable: false, reason: expect.stringMatching(/^(invalid|unavailable)$/) });
  });

  test("says so when the platform does not answer in time", async ({ site: { detail }, platform }) => {
    platform.answer(() => undefined);
    const { status, body } = await detail();
    expect(status).toBe(503);
    expect(body.platform).toEqual({ reachable: false, reason: "timeout" });
  });

  test("shows the platform's breaker open, without calling the platform", async ({ site: { detail }, platform }) => {
    platform.answer((_req, res) => json(res, { code: 0, data: null }, 503));
    // The breaker opens after PLATFORM_BREAKER_FAILURES (5) outages in a row; earlier tests may have counted some.
    for (let attempt = 0; attempt < 5 && (await detail()).body.breakers.peony !== "open"; attempt++);
    const calls = platform.seen.length;
    const { status, body } = await detail();
    expect(status).toBe(503);
    expect(body).toMatchObject({ platform: { reachable: false, reason: "unavailable: circuit open" }, breakers: { peony: "open" } });
    expect(platform.seen.length).toBe(calls);
  });

  test("leaves the public probes as they were: readiness and liveness never depend on the platform", async ({ site: { text }, platform }) => {
    platform.answer(() => undefined);
    expect(await text("/davmu/share/healthz")).toEqual([200, "ok"]);
    expect((await text("/davmu/share/readyz"))[1]).not.toMatch(/platform|peony|circuit/);
  });

  test("names no address: a failure's reason is its kind, never the error's text", async ({ health }) => {
    const { PlatformError } = await import("../../app/bff/client.server");
    const failing = () =>
      Promise.reject(new PlatformError("unavailable", "platform unreachable: /peony/v1/group: connect ECONNREFUSED 10.0.0.7:8080"));
    const detail = await health.readPlatformDetail({ probe: failing, breakers: () => ({ peony: "closed" }), redis: () => "ready" })();
    expect(detail).toEqual({
      platform: { reachable: false, reason: "unavailable" },
      breakers: { peony: "closed" },
      pageCache: undefined,
      redis: "ready",
    });
    expect(JSON.stringify(detail)).not.toContain("10.0.0.7");
  });
});
