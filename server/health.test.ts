import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import express from "express";
import { describe, expect } from "vitest";
import { json } from "../app/bff/fake-platform.test-support";
import { fakePlatformTest } from "../app/bff/fixtures.test-support";

// Generous: on a busy machine a slow answer must not pass for an unparseable one.
const test = fakePlatformTest({ client: () => import("../app/bff/client.server"), health: () => import("./health") }, { timeoutMs: 1500 }).extend<{
  base: string;
}>({
  base: [
    async ({ client, health }, use) => {
      const app = express();
      app.use(health.healthRoutes({ probe: () => client.platformEnvelope("/peony/v1/group", { token: null, requestId: null }), breakers: client.breakerStates }));
      const server: Server = app.listen(0, "127.0.0.1");
      await new Promise((resolve) => server.once("listening", resolve));
      await use(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
      server.close();
    },
    { scope: "file" },
  ],
});

describe("/readyz", () => {
  test("is ready when the platform answers an envelope, whatever its code", async ({ platform, base }) => {
    platform.answer((_req, res) => json(res, { code: 401, message: "缺少访问令牌", data: null }));
    const response = await fetch(`${base}/readyz`);
    expect(response.status).toBe(200);
    expect(await response.text()).toBe("ready\ncircuit breaker peony: closed");
    expect(platform.seen[0].url).toBe("/api/peony/v1/group");
  });

  test.for<[string, (res: import("node:http").ServerResponse) => void]>([
    ["an HTML page", (res: import("node:http").ServerResponse) => res.writeHead(200, { "content-type": "text/html" }).end("<html>proxy</html>")],
    ["JSON without an envelope", (res: import("node:http").ServerResponse) => json(res, { ok: true })],
    ["an envelope whose code is not a number", (res: import("node:http").ServerResponse) => json(res, { code: "0", data: {} })],
    ["a server error", (res: import("node:http").ServerResponse) => json(res, { code: 0, data: null }, 502)],
  ])("is not ready when the platform answers %s", async ([_name, answer], { platform, base }) => {
    platform.answer((_req, res) => answer(res));
    const response = await fetch(`${base}/readyz`);
    expect(response.status).toBe(503);
    expect(await response.text()).toMatch(/^platform not ready: (invalid|unavailable): /);
  });

  test("is not ready when the platform does not answer in time", async ({ platform, base }) => {
    platform.answer(() => undefined);
    const response = await fetch(`${base}/readyz`);
    expect(response.status).toBe(503);
    expect(await response.text()).toMatch(/^platform not ready: timeout: /);
  });

  test("says when the platform's breaker is open, without calling the platform", async ({ platform, base }) => {
    platform.answer((_req, res) => json(res, { code: 0, data: null }, 503));
    let text = "";
    // The breaker opens after PLATFORM_BREAKER_FAILURES (5) outages in a row; earlier tests may have counted some.
    for (let attempt = 0; attempt < 5 && !text.includes("open"); attempt++) text = await (await fetch(`${base}/readyz`)).text();
    expect(text).toMatch(/^platform not ready: unavailable: .*\ncircuit breaker peony: open$/);
    const calls = platform.seen.length;
    const response = await fetch(`${base}/readyz`);
    expect(response.status).toBe(503);
    expect(await response.text()).toMatch(/circuit open for peony/);
    expect(platform.seen.length).toBe(calls);
  });

  test("keeps liveness apart from the platform", async ({ platform, base }) => {
    platform.answer(() => undefined);
    expect(await (await fetch(`${base}/healthz`)).text()).toBe("ok");
  });
});
