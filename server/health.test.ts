import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { json, startFakePlatform } from "../app/bff/fake-platform.test-support";

let platform: Awaited<ReturnType<typeof startFakePlatform>>;
let server: Server;
let base: string;

beforeAll(async () => {
  // Generous: on a busy machine a slow answer must not pass for an unparseable one.
  platform = await startFakePlatform({ timeoutMs: 1500 });
  // Both read PLATFORM_API_URL at import, after the fake platform has set it.
  const { platformEnvelope } = await import("../app/bff/client.server");
  const { healthRoutes } = await import("./health");
  const app = express();
  app.use(healthRoutes({ probe: () => platformEnvelope("/peony/v1/group", { token: null, requestId: null }) }));
  server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => {
  server.close();
  platform.close();
});

describe("/readyz", () => {
  it("is ready when the platform answers an envelope, whatever its code", async () => {
    platform.answer((_req, res) => json(res, { code: 401, message: "缺少访问令牌", data: null }));
    const response = await fetch(`${base}/readyz`);
    expect(response.status).toBe(200);
    expect(await response.text()).toBe("ready");
    expect(platform.seen[0].url).toBe("/api/peony/v1/group");
  });

  it.each([
    ["an HTML page", (res: import("node:http").ServerResponse) => res.writeHead(200, { "content-type": "text/html" }).end("<html>proxy</html>")],
    ["JSON without an envelope", (res: import("node:http").ServerResponse) => json(res, { ok: true })],
    ["an envelope whose code is not a number", (res: import("node:http").ServerResponse) => json(res, { code: "0", data: {} })],
    ["a server error", (res: import("node:http").ServerResponse) => json(res, { code: 0, data: null }, 502)],
  ])("is not ready when the platform answers %s", async (_name, answer) => {
    platform.answer((_req, res) => answer(res));
    const response = await fetch(`${base}/readyz`);
    expect(response.status).toBe(503);
    expect(await response.text()).toMatch(/^platform not ready: (invalid|unavailable): /);
  });

  it("is not ready when the platform does not answer in time", async () => {
    platform.answer(() => undefined);
    const response = await fetch(`${base}/readyz`);
    expect(response.status).toBe(503);
    expect(await response.text()).toMatch(/^platform not ready: timeout: /);
  });

  it("keeps liveness apart from the platform", async () => {
    platform.answer(() => undefined);
    expect(await (await fetch(`${base}/healthz`)).text()).toBe("ok");
  });
});
