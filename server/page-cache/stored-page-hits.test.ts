import { createServer, request, type IncomingHttpHeaders, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { gunzipSync } from "node:zlib";
import compression from "compression";
import express from "express";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { BASE_PATH } from "../../app/lib/base-path";
import { captureLog } from "../../app/runtime/logger.test-support";
import { newRenderRecord } from "../../app/render/render-record.server";
import type { StoredPersonalization } from "../../app/render/stored-personalization";
import { serveStored, servePersonal, type MakePersonal, type PageRender } from "./page-answers";
import { createPageStore, PAGE_FRESH_SECONDS } from "./page-store";
import { isPersonalPageRequest, isStoredPageRequest } from "./request-rules";
import { pageMiddleware } from "../middleware";
import { knownHosts, publicOrigin } from "../middleware/public-origin";
import { rawRequest } from "../middleware/raw-http.test-support";
import { requestId, requestLog } from "../middleware/request-log";
import { storedPageHits } from "./stored-page-hits";

const HOST = "share.example.cn";
const HOSTS = knownHosts({ allowedHosts: HOST, host: "127.0.0.1", port: 1 });
const ANDROID = "Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36";
const DESKTOP = "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";
const PAGE = `${BASE_PATH}news/doc/2026/11/abcdefgh/index.html`;

type Answer = { status: number; headers: IncomingHttpHeaders; raw: string[]; body: Buffer };

let clock = 1_000_000_000;
let renders = 0;
let gate: Promise<void> | undefined;
const cache = createPageStore({ maxBytes: 1024 * 1024, now: () => clock });
// Stands for what a render records (app/render/personal.server.tsx); the visitor's part is their session cookie's value.
const personalization = { parts: [] } as unknown as StoredPersonalization;
const personalFor =
  (cookie: string | undefined): MakePersonal =>
  async (_recorded, storedGzip) => {
    const [before, after] = gunzipSync(storedGzip).toString("utf8").split("#", 2) as [string, string];
    return { statics: [before, after], fills: [`${cookie?.split("=")[1]} #`], setCookies: ["__share=next; Path=/; HttpOnly"] };
  };
const render: PageRender = async (url) => {
  renders += 1;
  await gate;
  const html = `<!DOCTYPE html><html><body><p>${url} #${renders}</p><script>window.page = ${renders};</script></body></html>`;
  const headers = new Headers({ "Content-Type": "text/html; charset=utf-8", "Cache-Control": "private, no-store", "X-Robots-Tag": "all" });
  return { response: new Response(html, { headers }), stale: false, record: { ...newRenderRecord(), personalization } };
};

const log = { skip: (path: string) => path.endsWith("/healthz") };
/** Requests that reached Express: a stored page answered before it never does. */
let throughPipeline = 0;
let host: Server;
let pipelineOnly: Server;

beforeAll(async () => {
  const app = express();
  app.set("trust proxy", "loopback");
  app.use((_req, _res, next) => {
    throughPipeline += 1;
    next();
  });
  // The host's own order (server/site.ts): request id and log, compression, then every page's middleware.
  app.use(requestId);
  app.use(requestLog(log));
  app.use(compression());
  app.use(
    pageMiddleware({
      development: false,
      knownHosts: HOSTS,
      originOf: publicOrigin({ configured: `http://${HOST}`, production: true, port: 80 }),
      cookieSecure: false,
    }),
  );
  app.get("*", (req, res, next) => {
    if (isPersonalPageRequest(req, req.originalUrl)) {
      return servePersonal(cache, req, res, render, personalFor(req.get("cookie")), async () => void res.send("personal")).catch(next);
    }
    if (!isStoredPageRequest(req, req.originalUrl)) return res.send("personal");
    serveStored(cache, req, res, render, async () => undefined).catch(next);
  });
  const hits = storedPageHits({
    pageStore: cache,
    knownHosts: HOSTS,
    trustProxy: app.get("trust proxy fn"),
    log,
    personal: (req) => personalFor(req.headers.cookie),
  });
  // Two doors to one app and one cache: the host's (as server/site.ts), and the pipeline alone.
  host = createServer((req, res) => {
    const answered = hits(req, res);
    if (answered === false) app(req, res);
    else if (answered !== true) void answered.then((done) => done || app(req, res));
  });
  pipelineOnly = createServer(app);
  for (const server of [host, pipelineOnly]) {
    server.listen(0, "127.0.0.1");
    await new Promise((resolve) => server.once("listening", resolve));
  }
});

afterAll(() => {
  cache.close();
  host.close();
  pipelineOnly.close();
});

beforeEach(() => {
  // Every test begins with every stored page expired.
  clock += 3_600_000;
  gate = undefined;
});
afterEach(() => vi.restoreAllMocks());

const portOf = (server: Server) => (server.address() as AddressInfo).port;

function ask(server: Server, path: string, headers: Record<string, string> = {}, method = "GET"): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const asking = request(
      {
        host: "127.0.0.1",
        port: portOf(server),
        path,
        method,
        headers: { host: HOST, "user-agent": ANDROID, "accept-encoding": "gzip", ...headers },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, raw: res.rawHeaders, body: Buffer.concat(chunks) }));
      },
    );
    asking.on("error", reject).end();
  });
}

/** An answer's headers as sent (name as spelled, value, in order), less the two that differ on every answer. */
const sameForEveryAnswer = (answer: Answer) => {
  const pairs: string[] = [];
  for (let i = 0; i < answer.raw.length; i += 2) {
    if (!["date", "x-request-id"].includes(answer.raw[i].toLowerCase())) pairs.push(`${answer.raw[i]}: ${answer.raw[i + 1]}`);
  }
  return pairs;
};

/** Asks the host; whether Express saw the request. */
async function askHost(path: string, headers: Record<string, string> = {}, method = "GET") {
  const before = throughPipeline;
  const answer = await ask(host, path, headers, method);
  return { answer, pipeline: throughPipeline > before };
}

/** Stores the page and lets the pipeline answer it once at its own path, as the first visitor's request does. */
async function stored(path: string, headers: Record<string, string> = {}) {
  const first = await askHost(path, headers);
  expect([first.answer.headers["x-cache"], first.pipeline]).toEqual(["MISS", true]);
}

describe("a stored page answered before the pipeline", () => {
  it.each([
    ["gzip", { "accept-encoding": "gzip" }],
    ["brotli", { "accept-encoding": "gzip, deflate, br" }],
  ])("sends the headers and bytes the pipeline sends for the same page (%s)", async (_name, headers) => {
    await stored(PAGE);
    const fromPipeline = await ask(pipelineOnly, PAGE, headers);
    const share = `${PAGE}?from=singlemessage&isappinstalled=0&_t=${clock}`;
    const { answer, pipeline } = await askHost(share, headers);
    expect(pipeline).toBe(false);
    expect(fromPipeline.headers["x-cache"]).toBe("HIT");
    expect(sameForEveryAnswer(answer)).toEqual(sameForEveryAnswer(fromPipeline));
    expect(answer.body.equals(fromPipeline.body)).toBe(true);
    // What the pipeline adds to a stored page, all there: security headers, the CSP of its hashes, the cache's.
    expect(answer.headers["content-security-policy"]).toMatch(/script-src 'self' 'sha256-[^']+'/);
    expect(answer.headers["content-security-policy"]).not.toContain("nonce-");
    expect(answer.headers).toMatchObject({ "x-frame-options": "SAMEORIGIN", "x-robots-tag": "all", vary: "Accept-Encoding, Cookie, User-Agent" });
    expect(answer.headers["x-request-id"]).toMatch(/^[0-9a-f-]{36}$/);
    expect(answer.headers["x-request-id"]).not.toBe(fromPipeline.headers["x-request-id"]);
  });

  it("answers a matching If-None-Match with the pipeline's 304", async () => {
    await stored(PAGE);
    const etag = String((await ask(pipelineOnly, PAGE)).headers.etag);
    const fromPipeline = await ask(pipelineOnly, PAGE, { "if-none-match": etag });
    const { answer, pipeline } = await askHost(PAGE, { "if-none-match": etag });
    expect([answer.status, fromPipeline.status, pipeline]).toEqual([304, 304, false]);
    expect(sameForEveryAnswer(answer)).toEqual(sameForEveryAnswer(fromPipeline));
    expect(answer.body.length).toBe(0);
  });

  it("makes a logged-in visitor's page with the headers and bytes the pipeline sends for it", async () => {
    await stored(PAGE);
    const first = await askHost(PAGE, { cookie: "__share=alice" });
    expect([first.answer.headers["x-cache"], first.pipeline]).toEqual(["PERSONAL", true]);
    const fromPipeline = await ask(pipelineOnly, PAGE, { cookie: "__share=bob" });
    const { answer, pipeline } = await askHost(PAGE, { cookie: "__share=bob" });
    expect(pipeline).toBe(false);
    expect(sameForEveryAnswer(answer)).toEqual(sameForEveryAnswer(fromPipeline));
    expect(answer.body.equals(fromPipeline.body)).toBe(true);
    expect(gunzipSync(answer.body).toString()).toContain("bob #");
    expect(answer.headers).toMatchObject({
      "cache-control": "private, no-store",
      "x-cache": "PERSONAL",
      vary: "Accept-Encoding",
      "x-frame-options": "SAMEORIGIN",
    });
    expect(answer.headers["set-cookie"]).toEqual(["__share=next; Path=/; HttpOnly"]);
    expect(answer.headers["content-security-policy"]).toMatch(/script-src 'self' 'sha256-[^']+'/);
    expect(answer.headers["content-security-policy"]).not.toContain("nonce-");
    expect(answer.headers.etag).toBeUndefined();
  });

  it("hands a logged-in visitor's page to the pipeline when it cannot be made before it", async () => {
    await stored(PAGE);
    await askHost(PAGE, { cookie: "__share=alice" });
    const personal = cache.stats().personal;
    vi.spyOn(cache, "decided").mockImplementationOnce(() => {
      throw new Error("made, then failed");
    });
    const { answer, pipeline } = await askHost(PAGE, { cookie: "__share=bob" });
    expect([answer.status, answer.headers["x-cache"], pipeline]).toEqual([200, "PERSONAL", true]);
    expect(cache.stats().personal).toBe(personal + 1);
  });

  it("keeps a well-formed request id from the proxy, logs its lines with it and without the query, and counts the hit", async () => {
    await stored(PAGE);
    const { lines } = captureLog("debug");
    const hits = cache.stats().hits;
    const { answer, pipeline } = await askHost(`${PAGE}?from=singlemessage&_t=13812345678`, { "x-request-id": "proxy-id-12345" });
    expect([answer.headers["x-request-id"], pipeline]).toEqual(["proxy-id-12345", false]);
    await vi.waitFor(() => expect(lines.map((line) => line.msg)).toEqual(["page cache", "request completed"]));
    expect(lines).toEqual([
      expect.objectContaining({ level: "debug", requestId: "proxy-id-12345", pageCache: "HIT", page: expect.stringContaining(PAGE) }),
      expect.objectContaining({ level: "info", requestId: "proxy-id-12345", method: "GET", path: PAGE, status: 200 }),
    ]);
    expect(JSON.stringify(lines)).not.toContain("13812345678");
    expect(cache.stats().hits).toBe(hits + 1);
  });

  it("is served stale while the pipeline's refresh runs, and the refreshed page goes through the pipeline once", async () => {
    await stored(PAGE);
    clock += (PAGE_FRESH_SECONDS + 1) * 1000;
    let release = () => undefined as void;
    gate = new Promise((resolve) => (release = resolve));
    const starting = await askHost(PAGE);
    expect([starting.answer.headers["x-cache"], starting.pipeline]).toEqual(["STALE", true]);
    const meanwhile = await askHost(PAGE);
    expect([meanwhile.answer.headers["x-cache"], meanwhile.pipeline]).toEqual(["STALE", false]);
    release();
    await vi.waitFor(async () => expect((await ask(pipelineOnly, PAGE)).headers["x-cache"]).toBe("HIT"));
    const after = await askHost(PAGE);
    expect([after.answer.headers["x-cache"], after.pipeline, gunzipSync(after.answer.body).toString()]).toEqual([
      "HIT",
      false,
      expect.stringContaining(`#${renders}`),
    ]);
  });
});

describe("what the pipeline answers otherwise goes to it", () => {
  it.each([
    ["an unknown Host", { host: "evil.example" }, 400],
    ["an unknown host forwarded by a trusted proxy", { "x-forwarded-host": "evil.example" }, 400],
    ["a forwarded protocol that is not http(s)", { "x-forwarded-proto": "javascript" }, 400],
    ["a desktop browser's page view (the /pc redirect)", { "user-agent": DESKTOP, accept: "text/html" }, 302, { "user-agent": DESKTOP }],
    ["a visitor with a session", { cookie: "__share=abc" }, 200],
    ["a visitor whose locale cookie names zh-Hant (the redirect to the zh-Hant page)", { cookie: "i18n_redirected=zh-Hant" }, 302],
    ["an answer without compression", { "accept-encoding": "identity" }, 200],
  ])("%s", async (_name, headers, status, storedWith: Record<string, string> = {}) => {
    // Stored for the same device class: only the request's other facts keep it from the stored page.
    await stored(PAGE, storedWith);
    const { answer, pipeline } = await askHost(PAGE, headers);
    expect([answer.status, pipeline, answer.headers["x-cache"] === "HIT" && answer.headers["content-encoding"] !== undefined]).toEqual([
      status,
      true,
      false,
    ]);
  });

  it("a page in one language is never the stored answer for the other", async () => {
    const hant = PAGE.replace(BASE_PATH, `${BASE_PATH}zh-Hant/`);
    await stored(PAGE);
    const first = await askHost(hant, { cookie: "i18n_redirected=zh-Hant" });
    expect([first.answer.status, first.answer.headers["x-cache"], gunzipSync(first.answer.body).toString()]).toEqual([
      200,
      "MISS",
      expect.stringContaining(hant),
    ]);
    const redirected = await askHost(PAGE, { cookie: "i18n_redirected=zh-Hant" });
    expect([redirected.answer.status, redirected.answer.headers.location, redirected.pipeline]).toEqual([302, hant, true]);
    // A zh-Hans cookie (or none) keeps the unprefixed page, from the store.
    const kept = await askHost(PAGE, { cookie: "i18n_redirected=zh-Hans" });
    expect([kept.answer.headers["x-cache"], kept.pipeline, gunzipSync(kept.answer.body).toString()]).toEqual([
      "HIT",
      false,
      expect.not.stringContaining(hant),
    ]);
  });

  it("a preview, a HEAD and a path that is not the page's own", async () => {
    await stored(PAGE);
    for (const [path, method] of [
      [`${PAGE}?preview=token`, "GET"],
      [PAGE, "HEAD"],
      [PAGE.replace("/abcdefgh/", "/abcdefgh/./"), "GET"],
    ]) {
      expect((await askHost(path, {}, method)).pipeline).toBe(true);
    }
  });

  it("a request target that is not a path", async () => {
    await stored(PAGE);
    const before = throughPipeline;
    const answer = await rawRequest(
      portOf(host),
      `GET http://${HOST}${PAGE} HTTP/1.1\r\nHost: ${HOST}\r\nUser-Agent: ${ANDROID}\r\nAccept-Encoding: gzip\r\nConnection: close\r\n\r\n`,
    );
    expect([answer.status, throughPipeline]).toEqual([400, before + 1]);
  });

  it("a request the stored-page answer fails on, before it has sent anything", async () => {
    const failing = storedPageHits({
      pageStore: {
        ...cache,
        answerable: () => {
          throw new URIError("URI malformed");
        },
      },
      knownHosts: HOSTS,
      trustProxy: () => true,
      log,
      personal: () => personalFor(undefined),
    });
    const res = { headersSent: false } as ServerResponse;
    expect(failing({ method: "GET", url: PAGE, headers: { host: HOST }, socket: {} } as IncomingMessage, res)).toBe(false);
  });

  it("a page the pipeline has not answered at its own path yet", async () => {
    // Stored by a visit at another path of the same key: the pipeline has not routed the page's own path.
    const other = PAGE.replace("/index.html", "/./index.html");
    expect((await askHost(other)).answer.headers["x-cache"]).toBe("MISS");
    const { answer, pipeline } = await askHost(PAGE);
    expect([answer.headers["x-cache"], pipeline]).toEqual(["HIT", true]);
    expect((await askHost(PAGE)).pipeline).toBe(false);
  });
});
