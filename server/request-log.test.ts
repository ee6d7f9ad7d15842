import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import express from "express";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { requestLog } from "./request-log";

let server: Server;
let base: string;
const dir = mkdtempSync(join(tmpdir(), "request-log-"));

beforeAll(async () => {
  writeFileSync(join(dir, "app.js"), "1");
  const app = express();
  app.use(requestLog({ silent: false, skip: (path) => path.endsWith("/healthz") }));
  // Mounted like the host's hashed assets: express strips the mount point from req.path inside.
  app.use("/davmu/share/assets", express.static(dir));
  app.get("/davmu/share/healthz", (_req, res) => {
    res.send("ok");
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

/** The JSON lines the log printed while `run` ran; the first is awaited, as it is written when a response finishes. */
async function loggedLines(run: () => Promise<unknown>): Promise<Record<string, unknown>[]> {
  const lines: string[] = [];
  vi.spyOn(console, "log").mockImplementation((logged: string) => lines.push(...logged.split("\n")));
  await run();
  await vi.waitFor(() => expect(lines.length).toBeGreaterThan(0));
  return lines.map((line) => JSON.parse(line) as Record<string, unknown>);
}

describe("requestLog", () => {
  it("logs the path that was asked for, base path included, for a file served under a mount point", async () => {
    const lines = await loggedLines(() => fetch(`${base}/davmu/share/assets/app.js?v=1`).then((r) => r.text()));
    expect(lines).toEqual([expect.objectContaining({ method: "GET", path: "/davmu/share/assets/app.js", status: 200 })]);
  });

  it("never logs the query string, and skips what it is told to skip", async () => {
    const lines = await loggedLines(async () => {
      await fetch(`${base}/davmu/share/nothing?tel=13812345678`).then((r) => r.text());
      await fetch(`${base}/davmu/share/healthz`).then((r) => r.text());
    });
    expect(lines).toEqual([expect.objectContaining({ path: "/davmu/share/nothing", status: 404 })]);
    expect(JSON.stringify(lines)).not.toContain("13812345678");
  });
});
