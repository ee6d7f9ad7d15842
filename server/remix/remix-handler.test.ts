import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { get } from "node:http";
import { brotliDecompressSync, gunzipSync, gzipSync } from "node:zlib";
import type { ServerBuild } from "@remix-run/node";
import express from "express";
import { LRUCache } from "lru-cache";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { serializedStringInPage } from "../../app/framework/remix-internals";
import type { StoredPersonalization } from "../../app/render/stored-personalization";
import { personalMaker, remixHandler } from "./remix-handler";
import type { RequestContext } from "./request-context";
import { traditionalAnswer } from "../../app/runtime/traditional-chinese.server";
import { sendRaw } from "../middleware/raw-http.test-support";

/** Stands for the request's visitor handle: a session a loader may change, and its cookie, once changed. */
class VisitorStandIn {
  readonly signal = new AbortController().signal;
  #cookie: string | null = null;
  change(cookie: string) {
    this.#cookie = cookie;
  }
  async commit() {
    const cookie = this.#cookie;
    this.#cookie = null;
    return cookie === null ? [] : [cookie];
  }
}

// The smallest build Remix serves: a root, one resource route whose loader is the test's, and a page with an action
// (its document is the entry's one line).
let loader: (args: { context: { visitor: VisitorStandIn } }) => Promise<Response> = async () => new Response("ok");
const build = {
  mode: "production",
  entry: { module: { default: (_request: Request, status: number) => new Response("document", { status }) } },
  routes: {
    root: { id: "root", path: "", module: {} },
    "routes/answer": {
      id: "routes/answer",
      parentId: "root",
      path: "answer",
      module: { loader: (args: Parameters<typeof loader>[0]) => loader(args) },
    },
    "routes/form": { id: "routes/form", parentId: "root", path: "form", module: { default: () => null, action: () => ({ done: true }) } },
  },
  assets: { routes: {}, entry: { module: "", imports: [] }, url: "", version: "test" },
  publicPath: "/",
  assetsBuildDirectory: "",
  future: {},
  isSpaMode: false,
} as unknown as ServerBuild;

const CONCURRENCY = 2;
let server: Server;
let base = "";
let port = 0;

beforeAll(async () => {
  const app = express();
  app.all(
    "*",
    remixHandler({
      build,
      mode: "production",
      originOf: () => base,
      renderConcurrency: CONCURRENCY,
      contextOf: () => ({ visitor: new VisitorStandIn() }) as unknown as RequestContext,
    }),
  );
  server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  port = (server.address() as AddressInfo).port;
  base = `http://127.0.0.1:${port}`;
});
afterAll(() => server.close());

describe("remixHandler", () => {
  it("runs at most renderConcurrency renders at once and answers every request", async () => {
    let running = 0;
    let most = 0;
    loader = async () => {
      running += 1;
      most = Math.max(most, running);
      await new Promise((resolve) => setTimeout(resolve, 20));
      running -= 1;
      return new Response("ok");
    };
    const answers = await Promise.all(Array.from({ length: 6 }, () => fetch(`${base}/answer`)));
    expect(answers.map((answer) => answer.status)).toEqual(Array(6).fill(200));
    expect(most).toBe(CONCURRENCY);
  });

  const raw = (path: string, acceptEncoding: string) =>
    new Promise<{ headers: Record<string, unknown>; body: Buffer }>((resolve, reject) => {
      get(`${base}${path}`, { headers: { "accept-encoding": acceptEncoding } }, (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("end", () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
      }).on("error", reject);
    });

  it("sends an HTML body compressed in one piece with its length, as the request accepts", async () => {
    const html = `<!DOCTYPE html><p>${"临江发布暴雨黄色预警 ".repeat(200)}</p>`;
    loader = async () => new Response(html, { headers: { "Content-Type": "text/html; charset=utf-8" } });
    for (const [accepted, decode] of [
      ["gzip", gunzipSync],
      ["gzip, deflate, br", brotliDecompressSync],
    ] as const) {
      const answer = await raw("/answer", accepted);
      expect(answer.headers["content-encoding"]).toBe(accepted === "gzip" ? "gzip" : "br");
      expect(answer.headers["vary"]).toContain("Accept-Encoding");
      expect(Number(answer.headers["content-length"])).toBe(answer.body.length);
      expect(decode(answer.body).toString("utf8")).toBe(html);
    }
    const plain = await raw("/answer", "identity");
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.body.toString("utf8")).toBe(html);
  });

  it("sends the visitor's session cookie with the answer that changed it, once", async () => {
    const cookie = "__share=changed; Path=/davmu/share/; HttpOnly; SameSite=Lax";
    loader = async ({ context }) => {
      context.visitor.change(cookie);
      return new Response("ok", { headers: { "Set-Cookie": "other=1" } });
    };
    expect((await fetch(`${base}/answer`)).headers.getSetCookie()).toEqual([cookie, "other=1"]);
    loader = async () => new Response("ok");
    expect((await fetch(`${base}/answer`)).headers.getSetCookie()).toEqual([]);
  });

  it("leaves the origin of a write to the site: a proxy that rewrote Host gets no server error from Remix's own check", async () => {
    // The site has judged the post's Origin against its public origin already (server/middleware/same-origin.ts).
    const post = (...headers: string[]) =>
      sendRaw(port, ["POST /form HTTP/1.1", ...headers, "Content-Type: application/x-www-form-urlencoded"].join("\r\n"), "a=1");
    expect((await post("Host: origin.internal:8080", `Origin: ${base}`)).status).toBe(200);
    expect((await post(`Host: 127.0.0.1:${port}`, "X-Forwarded-Host: cdn.example.com", `Origin: ${base}`)).status).toBe(200);
    expect((await post(`Host: 127.0.0.1:${port}`)).status).toBe(200);
  });

  it("sends a small page as it is", async () => {
    loader = async () => new Response("<p>短</p>", { headers: { "Content-Type": "text/html; charset=utf-8" } });
    const answer = await raw("/answer", "gzip, br");
    expect(answer.headers["content-encoding"]).toBeUndefined();
    expect(answer.body.toString("utf8")).toBe("<p>短</p>");
  });

  it("makes a visitor's page from a stored one with the cookie of what their parts changed of their session", async () => {
    const cookie = "__share=toast-taken; Path=/davmu/share/; HttpOnly; SameSite=Lax";
    const anonymous = JSON.stringify({ toast: null });
    const personalization: StoredPersonalization = {
      parts: [
        {
          anonymous,
          input: null,
          kind: {
            own: async (context) => {
              (context.visitor as unknown as VisitorStandIn).change(cookie);
              return { toast: "评论成功" };
            },
          },
        },
      ],
      slots: new Map(),
      renders: new LRUCache({ max: 1 }),
      cut: null,
    };
    const storedGzip = gzipSync(`<script>data("${serializedStringInPage(anonymous)}")</script>`);
    const page = await personalMaker({ visitor: new VisitorStandIn() } as unknown as RequestContext, "/davmu/share/news/doc/2026/11/x/index.html")(
      personalization,
      storedGzip,
    );
    expect(page.fills).toEqual([serializedStringInPage(JSON.stringify({ toast: "评论成功" }))]);
    expect(page.setCookies).toEqual([cookie]);
  });

  it("puts a visitor's parts of a zh-Hant page in Traditional Chinese, and leaves a zh-Hans page's as they are", async () => {
    const anonymous = JSON.stringify({ toast: null });
    const personalization: StoredPersonalization = {
      parts: [{ anonymous, input: null, kind: { own: async () => ({ toast: "评论成功，感谢你的支持" }) } }],
      slots: new Map(),
      renders: new LRUCache({ max: 1 }),
      cut: null,
    };
    const storedGzip = gzipSync(`<script>data("${serializedStringInPage(anonymous)}")</script>`);
    const context = { visitor: new VisitorStandIn() } as unknown as RequestContext;
    const fills = async (target: string) => (await personalMaker(context, target)(personalization, storedGzip)).fills;
    const traditional = JSON.stringify(traditionalAnswer({ toast: "评论成功，感谢你的支持" }));
    expect(traditional).not.toContain("评论");
    expect(await fills("/davmu/share/zh-Hant/news/doc/2026/11/x/index.html?cpage=2")).toEqual([serializedStringInPage(traditional)]);
    expect(await fills("/davmu/share/news/doc/2026/11/x/index.html")).toEqual([
      serializedStringInPage(JSON.stringify({ toast: "评论成功，感谢你的支持" })),
    ]);
  });
});
