import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import express from "express";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { logger } from "../../app/runtime/logger.server";
import { captureLog, type LogLine } from "../../app/runtime/logger.test-support";
import { requestId, requestLog } from "./request-log";

let server: Server;
let base: string;
const dir = mkdtempSync(join(tmpdir(), "request-log-"));

beforeAll(async () => {
  writeFileSync(join(dir, "app.js"), "1");
  // As the site: a proxy on this machine is trusted.
  const app = express().set("trust proxy", "loopback");
  app.use(requestId);
  app.use(requestLog({ skip: (path) => path.endsWith("/healthz") }));
  // Mounted like the host's hashed assets: express strips the mount point from req.path inside.
  app.use("/davmu/share/assets", express.static(dir));
  app.get("/davmu/share/healthz", (_req, res) => {
    res.send("ok");
  });
  // Work of a request that goes on after awaits and timers, as a render's upstream calls do.
  app.get("/davmu/share/work", async (_req, res) => {
    await new Promise((resolve) => setTimeout(resolve, 5));
    logger.warn("half way");
    setTimeout(() => {
      logger.info("done");
      res.send("ok");
    }, 5);
  });
  server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => {
  server.close();
  rmSync(dir, { recursive: true, force: true });
});

afterEach(() => vi.restoreAllMocks());

/** The lines logged while `run` ran; the first is awaited, as it is written when a response finishes. */
async function loggedLines(run: () => Promise<unknown>): Promise<LogLine[]> {
  const { lines } = captureLog();
  await run();
  await vi.waitFor(() => expect(lines.length).toBeGreaterThan(0));
  return lines;
}

describe("requestLog", () => {
  it("logs the path that was asked for, base path included, for a file served under a mount point", async () => {
    const lines = await loggedLines(() => fetch(`${base}/davmu/share/assets/app.js?v=1`).then((r) => r.text()));
    expect(lines).toEqual([
      expect.objectContaining({ level: "info", msg: "request completed", method: "GET", path: "/davmu/share/assets/app.js", status: 200 }),
    ]);
  });

  it("never logs the query string, and skips what it is told to skip", async () => {
    const lines = await loggedLines(async () => {
      await fetch(`${base}/davmu/share/nothing?tel=13812345678`).then((r) => r.text());
      await fetch(`${base}/davmu/share/healthz`).then((r) => r.text());
    });
    expect(lines).toEqual([expect.objectContaining({ path: "/davmu/share/nothing", status: 404 })]);
    expect(JSON.stringify(lines)).not.toContain("13812345678");
  });

  it("gives every line written while serving a request that request's id, which it echoes", async () => {
    let id: string | null = null;
    const lines = await loggedLines(async () => {
      const response = await fetch(`${base}/davmu/share/work`, { headers: { "x-request-id": "proxy-id-12345" } });
      id = response.headers.get("x-request-id");
      await response.text();
    });
    await vi.waitFor(() => expect(lines).toHaveLength(3));
    expect(id).toBe("proxy-id-12345");
    expect(lines).toEqual([
      expect.objectContaining({ level: "warn", msg: "half way", requestId: id }),
      expect.objectContaining({ level: "info", msg: "done", requestId: id }),
      expect.objectContaining({ msg: "request completed", requestId: id, path: "/davmu/share/work" }),
    ]);
    logger.info("between requests");
    expect(lines[3]).not.toHaveProperty("requestId");
  });
});

describe("requestId", () => {
  const idFor = async (url: string, incoming: string) => (await fetch(url, { headers: { "x-request-id": incoming } })).headers.get("x-request-id");

  it("takes a trusted proxy's id only when well-formed", async () => {
    expect(await idFor(`${base}/davmu/share/healthz`, "proxy-id-12345")).toBe("proxy-id-12345");
    for (const malformed of ["short", "x".repeat(65), "id with spaces 1", 'id"quoted"12345', "<script>12345"]) {
      const id = await idFor(`${base}/davmu/share/healthz`, malformed);
      expect(id, malformed).not.toBe(malformed);
      expect(id).toMatch(/^[0-9a-f-]{36}$/);
    }
  });

  it("makes its own for a client that is not a trusted proxy (TRUST_PROXY)", async () => {
    const app = express().set("trust proxy", "10.0.0.0/8");
    app.use(requestId);
    app.get("/", (_req, res) => void res.send("ok"));
    const direct = app.listen(0, "127.0.0.1");
    await new Promise((resolve) => direct.once("listening", resolve));
    try {
      const id = await idFor(`http://127.0.0.1:${(direct.address() as AddressInfo).port}/`, "proxy-id-12345");
      expect(id).not.toBe("proxy-id-12345");
      expect(id).toMatch(/^[0-9a-f-]{36}$/);
    } finally {
      direct.close();
    }
  });
});
