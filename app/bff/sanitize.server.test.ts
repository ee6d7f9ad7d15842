import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { PlatformError, rethrowAsResponse } from "./client.server";
import { RICH_HTML_MAX_LENGTH, sanitizeRichHtml } from "./sanitize.server";

// Worker threads start slowly on a busy machine; no test here is about speed.
vi.setConfig({ testTimeout: 30_000, hookTimeout: 30_000 });

describe("sanitizeRichHtml", () => {
  it("sanitizes in a worker with the site's policy", async () => {
    await expect(sanitizeRichHtml('<p onclick="x()">正文</p><script>alert(1)</script>', "policy:1")).resolves.toBe("<p>正文</p>");
  });

  it("sanitizes the largest accepted body within the thread's heap limit", async () => {
    const paragraph =
      '<p style="color:#333">临江<b>新线路</b><a href="https://example.cn/">链接</a><img src="https://img.example.cn/a.jpg" alt="图"></p>';
    const largest = paragraph.repeat(Math.floor(RICH_HTML_MAX_LENGTH / paragraph.length));
    const clean = await sanitizeRichHtml(largest, "largest:1");
    expect(clean).toContain('src="https://img.example.cn/a.jpg"');
    expect(clean).toContain('<p style="color: #333">');
  });

  it("refuses HTML past the cap with a page's 503, without sanitizing it", async () => {
    const error = await sanitizeRichHtml(`<p>${"长".repeat(RICH_HTML_MAX_LENGTH)}</p>`, "huge:1").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PlatformError);
    expect(() => rethrowAsResponse(error)).toThrow(expect.objectContaining({ init: expect.objectContaining({ status: 503 }) }));
  });
});

describe("sanitizeRichHtml off the event loop", () => {
  let server: Server;
  let url: string;

  beforeAll(async () => {
    server = createServer((_req, res) => res.end("ok"));
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
    // A warm pool, so what follows measures sanitizing and not the worker's start.
    await sanitizeRichHtml("<p>warm</p>", "warm:1");
  });

  afterAll(() => server.close());

  it("answers a normal request while a large article is being sanitized and a huge one is refused", async () => {
    const large = '<p>一段正文<a href="https://example.cn/">链接</a><img src="https://img.example.cn/a.jpg"></p>'.repeat(2_000);
    expect(large.length).toBeLessThan(RICH_HTML_MAX_LENGTH);
    const order: string[] = [];
    const sanitizing = sanitizeRichHtml(large, "large:1").then((clean) => {
      order.push("large sanitized");
      return clean;
    });
    const refused = sanitizeRichHtml("x".repeat(RICH_HTML_MAX_LENGTH + 1), "huge:2").catch(() => order.push("huge refused"));
    const normal = fetch(url).then(async (response) => order.push(`normal ${await response.text()}`));
    // Guaranteed: the huge one is refused at once, and a worker's answer needs a turn of the event loop. Were the DOM
    // work done on this thread, the large one would be settled within these few microtasks too.
    for (let microtask = 0; microtask < 20; microtask++) await Promise.resolve();
    expect(order).toEqual(["huge refused"]);
    const [clean] = await Promise.all([sanitizing, refused, normal]);
    // The normal request and the large article then finish in whichever order the two threads allow.
    expect(order.slice(1).sort()).toEqual(["large sanitized", "normal ok"]);
    expect(clean.match(/<p>一段正文<a href="https:\/\/example\.cn\/"/g)).toHaveLength(2_000);
  });
});

describe("sanitizeRichHtml cache", () => {
  it("returns the cached result for a key without sanitizing again", async () => {
    const first = await sanitizeRichHtml("<p>v1</p>", "post-a:1");
    const second = await sanitizeRichHtml("<p>different html</p>", "post-a:1");
    expect(first).toBe("<p>v1</p>");
    expect(second).toBe(first);
  });

  it("sanitizes afresh for a new version", async () => {
    await sanitizeRichHtml("<p>v1</p>", "post-b:1");
    expect(await sanitizeRichHtml("<p>v2</p>", "post-b:2")).toBe("<p>v2</p>");
  });

  it("evicts the least recently used entry beyond 500", async () => {
    await sanitizeRichHtml("<p>old</p>", "lru:old");
    await sanitizeRichHtml("<p>kept</p>", "lru:kept");
    for (let i = 0; i < 499; i++) {
      if (i === 250) await sanitizeRichHtml("ignored", "lru:kept");
      await sanitizeRichHtml("<p>filler</p>", `lru:filler:${i}`);
    }
    expect(await sanitizeRichHtml("<p>new</p>", "lru:old")).toBe("<p>new</p>");
    expect(await sanitizeRichHtml("<p>new</p>", "lru:kept")).toBe("<p>kept</p>");
  });
});
