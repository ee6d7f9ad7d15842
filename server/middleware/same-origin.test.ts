import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { publicOrigin } from "./public-origin";
import { sameOriginWrites } from "./same-origin";

let server: Server;
let base: string;

beforeAll(async () => {
  const app = express();
  app.use(sameOriginWrites(publicOrigin({ configured: undefined, production: false, port: 80 })));
  app.all("/form", (_req, res) => {
    res.send("done");
  });
  server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => server.close());

describe("sameOriginWrites", () => {
  it("refuses a POST from another origin with 403", async () => {
    const response = await fetch(`${base}/form`, { method: "POST", headers: { origin: "https://evil.example" } });
    expect(response.status).toBe(403);
    expect(await response.text()).toContain("请求来源无效");
  });

  it("refuses a POST without Origin whose Sec-Fetch-Site names another site", async () => {
    for (const site of ["cross-site", "same-site"]) {
      expect((await fetch(`${base}/form`, { method: "POST", headers: { "sec-fetch-site": site } })).status).toBe(403);
    }
    expect((await fetch(`${base}/form`, { method: "POST", headers: { "sec-fetch-site": "same-origin" } })).status).toBe(200);
  });

  it("lets through same-origin POSTs, POSTs without Origin, and reads", async () => {
    expect((await fetch(`${base}/form`, { method: "POST", headers: { origin: base } })).status).toBe(200);
    expect((await fetch(`${base}/form`, { method: "POST" })).status).toBe(200);
    expect((await fetch(`${base}/form`, { headers: { origin: "https://evil.example" } })).status).toBe(200);
  });
});

describe("sameOriginWrites with PUBLIC_ORIGIN", () => {
  it("judges a write by PUBLIC_ORIGIN, not by the Host a proxy rewrote", async () => {
    const app = express().use(sameOriginWrites(publicOrigin({ configured: "https://m.example.com", production: true, port: 3000 })));
    app.post("/form", (_req, res) => void res.send("done"));
    const configured = app.listen(0, "127.0.0.1");
    await new Promise((resolve) => configured.once("listening", resolve));
    const at = `http://127.0.0.1:${(configured.address() as AddressInfo).port}/form`;
    try {
      expect((await fetch(at, { method: "POST", headers: { origin: "https://m.example.com" } })).status).toBe(200);
      // The address the request reached is not where the site's pages are.
      expect((await fetch(at, { method: "POST", headers: { origin: new URL(at).origin } })).status).toBe(403);
    } finally {
      configured.close();
    }
  });
});
