import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BASE_PATH } from "../../app/lib/base-path";
import { languageCookie } from "./language-cookie";
import { publicOrigin } from "./public-origin";

const ORIGIN = "http://share.example.cn";
const PAGE = `${BASE_PATH}news/doc/2026/11/abcdefgh/index.html`;
const HANT_PAGE = `${BASE_PATH}zh-Hant/news/doc/2026/11/abcdefgh/index.html`;

let server: Server;
let base: string;

beforeAll(async () => {
  const app = express()
    .use(languageCookie({ originOf: publicOrigin({ configured: ORIGIN, production: true, port: 80 }), secure: true }))
    .use((req, res) => res.send(`page ${req.path}`));
  server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => server.close());

const ask = (path: string, headers: Record<string, string> = {}, method = "GET") => fetch(base + path, { method, headers, redirect: "manual" });

describe("the language choice", () => {
  it("remembers the language for a year and goes back to the page it was chosen on, in that language", async () => {
    const answer = await ask(`${BASE_PATH}language?lang=zh-Hant`, { referer: `${ORIGIN}${PAGE}?a=1` });
    expect([answer.status, answer.headers.get("location"), answer.headers.get("cache-control")]).toEqual([302, `${HANT_PAGE}?a=1`, "no-store"]);
    expect(answer.headers.getSetCookie()).toEqual([`i18n_redirected=zh-Hant; Max-Age=31536000; Path=${BASE_PATH}; SameSite=Lax; Secure`]);
    const back = await ask(`${BASE_PATH}language?lang=zh-Hans`, { referer: `${ORIGIN}${HANT_PAGE}` });
    expect([back.headers.get("location"), back.headers.getSetCookie()[0]]).toEqual([PAGE, expect.stringMatching(/^i18n_redirected=zh-Hans;/)]);
  });

  it("never leaves the site: another origin, a path outside the base or no Referer lead to the home page", async () => {
    for (const referer of ["http://evil.example/davmu/share/a", `${ORIGIN}/elsewhere`, `${ORIGIN}${BASE_PATH}/evil.example`, undefined]) {
      const answer = await ask(`${BASE_PATH}language?lang=zh-Hant`, referer ? { referer } : {});
      expect(answer.headers.get("location"), String(referer)).toBe(`${BASE_PATH}zh-Hant/`);
    }
  });
});

describe("the locale cookie's redirect", () => {
  it("sends a zh-Hant visitor at an unprefixed page to the zh-Hant page, kept apart by shared caches", async () => {
    const answer = await ask(`${PAGE}?a=1`, { cookie: "i18n_redirected=zh-Hant" });
    expect([answer.status, answer.headers.get("location"), answer.headers.get("cache-control")]).toEqual([
      302,
      `${HANT_PAGE}?a=1`,
      "private, no-store",
    ]);
    // Express's redirect adds Accept (it negotiates the body).
    expect(answer.headers.get("vary")).toMatch(/^Cookie\b/);
  });

  it("lets through zh-Hans visitors, prefixed pages, writes and what is not a page", async () => {
    const cookie = "i18n_redirected=zh-Hant";
    expect(await (await ask(PAGE, { cookie: "i18n_redirected=zh-Hans" })).text()).toBe(`page ${PAGE}`);
    expect(await (await ask(HANT_PAGE, { cookie })).text()).toBe(`page ${HANT_PAGE}`);
    expect(await (await ask(PAGE, { cookie }, "POST")).text()).toBe(`page ${PAGE}`);
    expect((await ask(`${BASE_PATH}api/comments/x`, { cookie })).status).toBe(200);
  });
});
