import { createHash } from "node:crypto";
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import express from "express";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { deviceClass } from "../../app/render/page-device.server";
import { contentTag } from "../../app/lib/content-tag";
import type { StoredPersonalization } from "../../app/render/stored-personalization";
import { announceWrite } from "../../app/runtime/content-writes.server";
import { serveStored, servePersonal, STORED_CACHE_CONTROL, type MakePersonal, type PageRender } from "./page-answers";
import { createPageStore, PAGE_FRESH_SECONDS, PAGE_STALE_WHILE_REVALIDATE_SECONDS } from "./page-store";
import { isStoredPageRequest, storedPageUrl } from "./request-rules";
import { inlineScriptHashes, withScriptHashes } from "../middleware/security-headers";

const ANDROID = "Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36";
const WECHAT = `${ANDROID} MicroMessenger/8.0.50.2701(0x28003237) NetType/WIFI Language/zh_CN`;
const SCRIPT = "window.answer = 42;";

describe("the key", () => {
  it("drops share noise and sorts the query, so one page has one key", () => {
    expect(storedPageUrl("/davmu/share/a/index.html?from=singlemessage&isappinstalled=0&_t=123&b=2&a=1")).toBe("/davmu/share/a/index.html?a=1&b=2");
    expect(storedPageUrl("/davmu/share/a/index.html?_t=9")).toBe("/davmu/share/a/index.html");
  });

  it("tells the device classes a page renders for apart, and only those", () => {
    expect(deviceClass(WECHAT)).not.toBe(deviceClass(ANDROID));
    expect(deviceClass(ANDROID)).toBe(deviceClass(ANDROID.replace("Pixel 7", "SM-S918B")));
  });
});

describe("CSP hashes", () => {
  it("hashes every inline script as sent, and no external one", () => {
    const html = `<script>${SCRIPT}</script><script src="/a.js"></script><script type="application/ld+json">{"a":"中文"}</script>`;
    const sha = (text: string) => `'sha256-${createHash("sha256").update(text, "utf8").digest("base64")}'`;
    expect(inlineScriptHashes(html)).toEqual([sha(SCRIPT), sha('{"a":"中文"}')]);
  });

  it("replace the nonce of the policy", () => {
    expect(withScriptHashes("default-src 'self';script-src 'self' 'nonce-abc' https://res.wx.qq.com", ["'sha256-x'"])).toBe(
      "default-src 'self';script-src 'self' 'sha256-x' https://res.wx.qq.com",
    );
  });
});

describe("the page cache", () => {
  let server: Server;
  let base: string;
  let clock = 0;
  let renders: string[] = [];
  /** Requests that reached the cache: it joins a request to a running render before its first await. */
  let arrived: string[] = [];
  /** What the next renders answer, by path. */
  let answer: (url: string) => {
    status?: number;
    cookie?: boolean;
    tags?: string[];
    incomplete?: boolean;
    fail?: boolean;
    type?: string;
    gate?: Promise<void>;
    personal?: boolean;
  } = () => ({});
  // Stands for what a render records (app/render/personal.server.tsx): the pipeline hands it back to make a page.
  const personalization = { parts: [] } as unknown as StoredPersonalization;
  // The visitor's part is their session cookie's value, standing for the stored page's answer in its script.
  const personalFor =
    (cookie: string): MakePersonal =>
    async (recorded, storedGzip) => {
      expect(recorded).toBe(personalization);
      const [before, after] = gunzipSync(storedGzip).toString("utf8").split("42", 2) as [string, string];
      return { statics: [before, after], fills: [`"${cookie.split("=")[1]}"`], setCookies: [] };
    };
  const cache = createPageStore({ maxBytes: 1024 * 1024, now: () => clock });

  const render: PageRender = async (url, _signal, record) => {
    renders.push(url);
    const plan = answer(url);
    // As a loader does: the tag as it asks for the content, before the answer comes.
    for (const tag of plan.tags ?? []) record.tags.add(tag);
    await plan.gate;
    if (plan.fail) throw new Error("render failed");
    const headers = new Headers({ "Content-Type": plan.type ?? "text/html; charset=utf-8", "Cache-Control": "private, no-store" });
    if (plan.cookie) headers.set("Set-Cookie", "__share=x; Path=/");
    const html = `<!DOCTYPE html><html><body><p>${url} #${renders.length}</p><script>${SCRIPT}</script></body></html>`;
    Object.assign(record, { incomplete: plan.incomplete ?? false, personalization: plan.personal ? personalization : null });
    return { response: new Response(html, { status: plan.status ?? 200, headers }), stale: false, record };
  };

  beforeAll(async () => {
    const app = express();
    app.use((_req, res, next) => {
      res.setHeader("Content-Security-Policy", "script-src 'self' 'nonce-abc'");
      next();
    });
    app.get("/mine/*", (req, res, next) => {
      servePersonal(cache, req, res, render, personalFor(req.get("cookie")!), async () => void res.send("rendered for the visitor")).catch(next);
    });
    app.get("*", (req, res, next) => {
      if (!isStoredPageRequest(req, req.originalUrl)) return res.send("personal");
      arrived.push(req.originalUrl);
      serveStored(cache, req, res, render, async (own, response) => {
        own.status(response.status);
        own.end(Buffer.from(await response.arrayBuffer()));
      }).catch(next);
    });
    server = app.listen(0, "127.0.0.1");
    await new Promise((resolve) => server.once("listening", resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => {
    cache.close();
    server.close();
  });
  beforeEach(() => {
    clock += 3_600_000;
    renders = [];
    arrived = [];
    answer = () => ({});
  });

  const get = (path: string, headers: Record<string, string> = {}) => fetch(base + path, { headers: { "user-agent": ANDROID, ...headers } });

  it("renders a page once and serves the same bytes to the next visitor, with public caching and hashes", async () => {
    const first = await get("/p/one?_t=1&from=timeline", { "accept-encoding": "identity" });
    const second = await get("/p/one?isappinstalled=0", { "accept-encoding": "identity" });
    expect(renders).toEqual(["/p/one"]);
    expect([first.headers.get("x-cache"), second.headers.get("x-cache")]).toEqual(["MISS", "HIT"]);
    expect(await second.text()).toBe(await first.text());
    expect(second.headers.get("cache-control")).toBe(STORED_CACHE_CONTROL);
    expect(second.headers.get("vary")).toContain("User-Agent");
    const policy = second.headers.get("content-security-policy") ?? "";
    expect(policy).not.toContain("nonce-");
    expect(policy).toContain(inlineScriptHashes(`<script>${SCRIPT}</script>`)[0]);
  });

  it("keeps one copy per device class", async () => {
    await get("/p/class");
    await get("/p/class", { "user-agent": WECHAT });
    await get("/p/class", { "user-agent": WECHAT });
    expect(renders).toEqual(["/p/class", "/p/class"]);
  });

  it("serves gzip and brotli of the same bytes, and 304 to a matching If-None-Match", async () => {
    const plain = await (await get("/p/enc", { "accept-encoding": "identity" })).text();
    const br = await get("/p/enc", { "accept-encoding": "gzip, br" });
    expect(br.headers.get("content-encoding")).toBe("br");
    const gz = await get("/p/enc", { "accept-encoding": "gzip" });
    expect(gz.headers.get("content-encoding")).toBe("gzip");
    // fetch decodes both; the raw bytes are checked by decoding them again below.
    expect(await br.text()).toBe(plain);
    expect(await gz.text()).toBe(plain);
    const etag = gz.headers.get("etag") ?? "";
    expect(etag).toMatch(/^W\/".+"$/);
    const revalidated = await get("/p/enc", { "if-none-match": etag });
    expect(revalidated.status).toBe(304);
    expect(await revalidated.text()).toBe("");
    expect((await get("/p/enc", { "if-none-match": 'W/"other"' })).status).toBe(200);
    expect(renders).toEqual(["/p/enc"]);
  });

  it("stores the compressed copies it serves", async () => {
    const raw = async (encoding: string) => {
      const response = await new Promise<Buffer>((resolve, reject) => {
        import("node:http").then(({ get: httpGet }) =>
          httpGet(`${base}/p/raw`, { headers: { "user-agent": ANDROID, "accept-encoding": encoding } }, (res) => {
            const chunks: Buffer[] = [];
            res.on("data", (chunk: Buffer) => chunks.push(chunk));
            res.on("end", () => resolve(Buffer.concat(chunks)));
          }).on("error", reject),
        );
      });
      return response;
    };
    const plain = (await raw("identity")).toString("utf8");
    expect(gunzipSync(await raw("gzip")).toString("utf8")).toBe(plain);
    expect(brotliDecompressSync(await raw("br")).toString("utf8")).toBe(plain);
    // A brotli stream opens with its window size: a first bit of 0 means 16 bits, the small-memory encoder.
    expect((await raw("br"))[0]! & 1).toBe(0);
  });

  it("lets concurrent misses wait for one render", async () => {
    let open!: () => void;
    const gate = new Promise<void>((resolve) => (open = resolve));
    answer = () => ({ gate });
    const pending = Array.from({ length: 5 }, () => get("/p/burst"));
    await vi.waitFor(() => expect(arrived).toHaveLength(5));
    open();
    const bodies = await Promise.all(pending.map(async (response) => (await response).text()));
    expect(renders).toEqual(["/p/burst"]);
    expect(new Set(bodies).size).toBe(1);
  });

  it("never stores an answer that sets a cookie, a 404 or a data response's error", async () => {
    answer = () => ({ cookie: true });
    await get("/p/cookie");
    const again = await get("/p/cookie");
    expect(again.headers.get("cache-control")).not.toBe(STORED_CACHE_CONTROL);
    answer = () => ({ status: 404 });
    await get("/p/missing");
    const missing = await get("/p/missing");
    expect(missing.status).toBe(404);
    expect(missing.headers.get("cache-control")).toBe("private, no-store");
    expect(renders).toEqual(["/p/cookie", "/p/cookie", "/p/missing", "/p/missing"]);
  });

  it("never stores a page rendered while one of its upstream calls failed", async () => {
    answer = () => ({ incomplete: true });
    await get("/p/partial");
    answer = () => ({});
    await get("/p/partial");
    await get("/p/partial");
    expect(renders).toEqual(["/p/partial", "/p/partial"]);
  });

  it("makes a logged-in visitor's page from the stored one: gzip of their own bytes, hashes of their own scripts", async () => {
    answer = () => ({ personal: true });
    const own = await get("/mine/page", { cookie: "__share=alice", "accept-encoding": "gzip, br" });
    expect(own.headers.get("x-cache")).toBe("PERSONAL");
    expect(own.headers.get("cache-control")).toBe("private, no-store");
    expect(own.headers.get("content-encoding")).toBe("gzip");
    // fetch decodes the answer as its Content-Encoding says, checking the gzip's length and CRC.
    const html = await own.text();
    expect(html).toContain('<script>window.answer = "alice";</script>');
    expect(own.headers.get("content-security-policy")).toContain(inlineScriptHashes('<script>window.answer = "alice";</script>')[0]);
    // Without gzip the page is compressed whole as it allows (under a kilobyte: not at all).
    const other = await get("/mine/page", { cookie: "__share=bob", "accept-encoding": "br" });
    expect(other.headers.get("content-encoding")).not.toBe("gzip");
    expect(await other.text()).toBe(html.replace('"alice"', '"bob"'));
    expect(renders).toEqual(["/mine/page"]);
  });

  it("lets a visitor with the session cookie past the cache", async () => {
    expect(await (await get("/p/personal", { cookie: "__share=abc" })).text()).toBe("personal");
    expect(renders).toEqual([]);
  });

  it("drops the pages of a content item when the site writes to it", async () => {
    answer = () => ({ tags: [contentTag("A1")] });
    await get("/p/a1");
    await get("/p/a1?cpage=2");
    await get("/p/a1");
    expect(renders).toEqual(["/p/a1", "/p/a1?cpage=2"]);
    announceWrite({ pages: [contentTag("other")], answers: [] });
    await get("/p/a1");
    expect(renders).toHaveLength(2);
    announceWrite({ pages: [contentTag("A1")], answers: [] });
    await get("/p/a1");
    await get("/p/a1?cpage=2");
    expect(renders).toEqual(["/p/a1", "/p/a1?cpage=2", "/p/a1", "/p/a1?cpage=2"]);
  });

  it("does not store a render that a write overtook", async () => {
    let open!: () => void;
    const gate = new Promise<void>((resolve) => (open = resolve));
    answer = () => ({ tags: [contentTag("B2")], gate });
    const during = get("/p/b2");
    // The render has begun (the cache noted the writes so far before calling it): the write comes after.
    await vi.waitFor(() => expect(renders).toEqual(["/p/b2"]));
    announceWrite({ pages: [contentTag("B2")], answers: [] });
    open();
    await during;
    answer = () => ({ tags: [contentTag("B2")] });
    await get("/p/b2");
    expect(renders).toEqual(["/p/b2", "/p/b2"]);
  });

  it("drops on a write only what it changed: the other pages stay stored and the other renders in flight go on", async () => {
    const tagged = (url: string) => [contentTag(url.includes("c3") ? "C3" : "D4")];
    answer = (url) => ({ tags: tagged(url) });
    await get("/p/c3");
    await get("/p/d4");
    let open!: () => void;
    const gate = new Promise<void>((resolve) => (open = resolve));
    answer = (url) => ({ tags: tagged(url), gate });
    const before = [get("/p/c3-list"), get("/p/d4-list")];
    await vi.waitFor(() => expect(renders).toEqual(["/p/c3", "/p/d4", "/p/c3-list", "/p/d4-list"]));

    announceWrite({ pages: [contentTag("C3")], answers: [] });
    // Whoever asks now waits for a render of C3 that began after the write, and joins the render of D4 under way.
    const after = [get("/p/c3-list"), get("/p/d4-list")];
    await vi.waitFor(() => expect(renders).toEqual(["/p/c3", "/p/d4", "/p/c3-list", "/p/d4-list", "/p/c3-list"]));
    await vi.waitFor(() => expect(arrived).toHaveLength(6));
    open();
    await Promise.all(before);
    const [c3, d4] = await Promise.all(after);
    expect([c3.headers.get("x-cache"), d4.headers.get("x-cache")]).toEqual(["MISS", "JOINED"]);

    const cached = async (path: string) => (await get(path)).headers.get("x-cache");
    expect({ d4: await cached("/p/d4"), d4List: await cached("/p/d4-list"), c3List: await cached("/p/c3-list") }).toEqual({
      d4: "HIT",
      d4List: "HIT",
      c3List: "HIT",
    });
    answer = () => ({ tags: [contentTag("C3")] });
    expect(await cached("/p/c3")).toBe("MISS");
    expect(renders).toHaveLength(6);
  });

  it("serves a page past its freshness while one render refreshes it", async () => {
    await get("/p/swr");
    clock += (PAGE_FRESH_SECONDS + 1) * 1000;
    const stale = await get("/p/swr");
    expect(stale.headers.get("x-cache")).toBe("STALE");
    expect(await stale.text()).toContain("#1");
    // Until the refresh is stored, asking again gets the stale page without starting another render.
    const fresh = await vi.waitFor(async () => {
      const response = await get("/p/swr");
      expect(response.headers.get("x-cache")).toBe("HIT");
      return response;
    });
    expect(await fresh.text()).toContain("#2");
    expect(renders).toEqual(["/p/swr", "/p/swr"]);
  });

  it("serves the last page, marked stale, when it cannot be rendered again", async () => {
    await get("/p/down");
    clock += (PAGE_FRESH_SECONDS + PAGE_STALE_WHILE_REVALIDATE_SECONDS + 1) * 1000;
    answer = () => ({ status: 503 });
    const unavailable = await get("/p/down");
    expect(unavailable.status).toBe(200);
    expect(unavailable.headers.get("warning")).toMatch(/^110/);
    answer = () => ({ fail: true });
    expect((await get("/p/down")).status).toBe(200);
    expect((await get("/p/never-seen")).status).toBe(500);
  });

  it("hands a response that is not a page to its own visitor, and renders anew for each", async () => {
    answer = () => ({ type: "application/json" });
    expect((await get("/p/api")).status).toBe(200);
    await get("/p/api");
    expect(renders).toEqual(["/p/api", "/p/api"]);
  });

  it("answers a redirect or resource route for the visitor's own URL, share parameters included", async () => {
    answer = () => ({ type: "application/json" });
    await get("/p/moved?from=singlemessage");
    expect(renders).toEqual(["/p/moved", "/p/moved?from=singlemessage"]);
  });
});
