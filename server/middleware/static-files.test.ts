import { execFile } from "node:child_process";
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { request, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { staticFiles } from "./static-files";

const SCRIPT = `export const greeting = ${JSON.stringify("你好 ".repeat(400))};\n`;

let root: string;
let server: Server;
let port: number;

type Answer = { status: number; headers: Record<string, string | string[] | undefined>; body: Buffer };

function get(pathname: string, headers: Record<string, string> = {}, method = "GET"): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request({ host: "127.0.0.1", port, path: pathname, method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on("error", reject);
    req.end();
  });
}

beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), "static-files-"));
  const client = path.join(root, "client");
  await mkdir(path.join(client, "assets"), { recursive: true });
  await writeFile(path.join(client, "assets/entry-abc123.js"), SCRIPT);
  await writeFile(path.join(client, "assets/logo-abc123.png"), Buffer.alloc(64, 7));
  // Beside the served folder, one step up: what a traversal would reach.
  await writeFile(path.join(client, "secret.txt"), "not public");
  // The build's own step writes the copies, so the test covers what a deployment serves.
  await promisify(execFile)(process.execPath, ["scripts/precompress-client.mjs", client]);

  const app = express();
  app.use("/assets", staticFiles(path.join(client, "assets"), { immutable: true, maxAge: "1y" }));
  app.use((_req, res) => res.status(404).send("not found"));
  server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  port = (server.address() as AddressInfo).port;
});

afterAll(async () => {
  server.close();
  await rm(root, { recursive: true, force: true });
});

describe("staticFiles", () => {
  it("sends the brotli copy when brotli is accepted, whatever the order", async () => {
    const answer = await get("/assets/entry-abc123.js", { "Accept-Encoding": "gzip, deflate, br" });
    expect(answer.status).toBe(200);
    expect(answer.headers["content-encoding"]).toBe("br");
    expect(answer.headers["content-type"]).toMatch(/^(text|application)\/javascript; charset=utf-8$/i);
    expect(answer.headers.vary).toBe("Accept-Encoding");
    expect(answer.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(Number(answer.headers["content-length"])).toBe(answer.body.length);
    expect(answer.body.length).toBeLessThan(Buffer.byteLength(SCRIPT) / 4);
    expect(brotliDecompressSync(answer.body).toString()).toBe(SCRIPT);
  });

  it("sends the gzip copy when only gzip is accepted, with an ETag of its own", async () => {
    const gzipped = await get("/assets/entry-abc123.js", { "Accept-Encoding": "gzip" });
    const brotli = await get("/assets/entry-abc123.js", { "Accept-Encoding": "br" });
    expect(gzipped.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(gzipped.body).toString()).toBe(SCRIPT);
    expect(gzipped.headers.etag).toBeTruthy();
    expect(gzipped.headers.etag).not.toBe(brotli.headers.etag);
  });

  it("sends the file itself when no encoding is accepted", async () => {
    const answer = await get("/assets/entry-abc123.js");
    expect(answer.headers["content-encoding"]).toBeUndefined();
    expect(answer.headers.vary).toBe("Accept-Encoding");
    expect(answer.body.toString()).toBe(SCRIPT);
    expect(Number(answer.headers["content-length"])).toBe(Buffer.byteLength(SCRIPT));
  });

  it("sends a file with no compressed copy as it is, without Vary", async () => {
    const answer = await get("/assets/logo-abc123.png", { "Accept-Encoding": "br, gzip" });
    expect(answer.status).toBe(200);
    expect(answer.headers["content-encoding"]).toBeUndefined();
    expect(answer.headers.vary).toBeUndefined();
    expect(answer.body.length).toBe(64);
  });

  it("answers HEAD with the headers of the copy and no body", async () => {
    const answer = await get("/assets/entry-abc123.js", { "Accept-Encoding": "br" }, "HEAD");
    const full = await get("/assets/entry-abc123.js", { "Accept-Encoding": "br" });
    expect(answer.status).toBe(200);
    expect(answer.headers["content-encoding"]).toBe("br");
    expect(answer.headers["content-length"]).toBe(full.headers["content-length"]);
    expect(answer.body.length).toBe(0);
  });

  it("answers 304 to the copy's own ETag", async () => {
    const first = await get("/assets/entry-abc123.js", { "Accept-Encoding": "br" });
    const again = await get("/assets/entry-abc123.js", { "Accept-Encoding": "br", "If-None-Match": String(first.headers.etag) });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
  });

  it("passes a missing file on, to the 404 after it", async () => {
    const answer = await get("/assets/entry-missing.js", { "Accept-Encoding": "br, gzip" });
    expect(answer.status).toBe(404);
    expect(answer.body.toString()).toBe("not found");
  });

  it.each(["/assets/../secret.txt", "/assets/..%2fsecret.txt", "/assets/%2e%2e/secret.txt", "/assets/%E0%A4%A"])(
    "never sends a file outside its folder for %s",
    async (pathname) => {
      const answer = await get(pathname, { "Accept-Encoding": "br, gzip" });
      expect([400, 403, 404]).toContain(answer.status);
      expect(answer.body.toString()).not.toContain("not public");
    },
  );
});
