import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FORM_BODY_LIMIT_BYTES, formBodies, refuseMalformedRequests } from "./malformed-requests";
import { knownHosts } from "./public-origin";
import { rawRequest, sendRaw } from "./raw-http.test-support";

const HOST = "share.example.cn";
let server: Server;
let port: number;

beforeAll(async () => {
  const app = express();
  app.set("trust proxy", "loopback");
  app.use(refuseMalformedRequests({ knownHosts: knownHosts({ allowedHosts: HOST, host: "127.0.0.1", port: 1 }) }));
  app.use(formBodies);
  // Stands in for the Remix handler: shows what got through.
  app.all("*", (req, res) => {
    const form = res.locals.form ? Object.fromEntries(res.locals.form) : null;
    res.json({ method: req.method, path: req.path, form });
  });
  server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  port = (server.address() as AddressInfo).port;
});

afterAll(() => server.close());

const send = (head: string, body = "") => sendRaw(port, head, body);

const page = "/davmu/share/news/doc/2026/11/abcdefgh/index.html";

describe("refuseMalformedRequests", () => {
  it("lets a well-formed request through", async () => {
    const answer = await send(`GET ${page} HTTP/1.1\r\nHost: ${HOST}`);
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body)).toMatchObject({ method: "GET", path: page });
  });

  it.each([
    ["a Host with a space", `GET ${page} HTTP/1.1\r\nHost: a b`],
    ["a Host that is only a port", `GET ${page} HTTP/1.1\r\nHost: :80`],
    ["a Host with a path", `GET ${page} HTTP/1.1\r\nHost: ${HOST}/x`],
    ["a Host with user info", `GET ${page} HTTP/1.1\r\nHost: evil.example@${HOST}`],
    ["an unknown Host", `GET ${page} HTTP/1.1\r\nHost: evil.example`],
    ["a known name on another port", `GET ${page} HTTP/1.1\r\nHost: ${HOST}:8080`],
    ["no Host at all", `GET ${page} HTTP/1.0`],
    ["an unknown forwarded host from a trusted proxy", `GET ${page} HTTP/1.1\r\nHost: ${HOST}\r\nX-Forwarded-Host: evil.example`],
    ["a forwarded protocol that is not http(s)", `GET ${page} HTTP/1.1\r\nHost: ${HOST}\r\nX-Forwarded-Proto: javascript`],
    ["an absolute-form target", `GET http://${HOST}${page} HTTP/1.1\r\nHost: ${HOST}`],
    ["an absolute-form target naming another host", `GET http://evil.example${page} HTTP/1.1\r\nHost: ${HOST}`],
    ["the asterisk target", `OPTIONS * HTTP/1.1\r\nHost: ${HOST}`],
  ])("answers %s with 400 and the friendly page", async (_name, head) => {
    const answer = await send(head);
    expect(answer.status).toBe(400);
    expect(answer.headers["content-type"]).toMatch(/^text\/html/);
    expect(answer.body).toContain("请求地址无效");
    expect(answer.body).toContain('href="/davmu/share/"');
  });

  it("accepts a known forwarded host and protocol from a trusted proxy", async () => {
    const answer = await send(`GET ${page} HTTP/1.1\r\nHost: 10.0.0.5:3000\r\nX-Forwarded-Host: ${HOST}\r\nX-Forwarded-Proto: https`);
    expect(answer.status).toBe(200);
  });

  it.each(["TRACE", "PUT", "DELETE", "PATCH", "OPTIONS", "PROPFIND"])("answers %s with 405 and the allowed methods", async (method) => {
    const answer = await send(`${method} ${page} HTTP/1.1\r\nHost: ${HOST}`);
    expect(answer.status).toBe(405);
    expect(answer.headers.allow).toBe("GET, HEAD, POST");
    expect(answer.body).toContain("不支持的请求方式");
  });

  it("answers a data request with a small JSON body", async () => {
    const answer = await send(`TRACE /davmu/share/news/doc/2026/11/abcdefgh/index.html.data HTTP/1.1\r\nHost: ${HOST}`);
    expect(answer.status).toBe(405);
    expect(answer.headers["content-type"]).toMatch(/^application\/json/);
    expect(JSON.parse(answer.body)).toEqual({ status: 405, message: "不支持的请求方式" });
  });
});

describe("formBodies", () => {
  const post = (path: string, type: string | null, body: string) =>
    send(`POST ${path} HTTP/1.1\r\nHost: ${HOST}${type === null ? "" : `\r\nContent-Type: ${type}`}`, body);

  it("passes a urlencoded form on, read once", async () => {
    const answer = await post(page, "application/x-www-form-urlencoded; charset=UTF-8", "intent=comment&content=%E5%A5%BD");
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body).form).toEqual({ intent: "comment", content: "好" });
  });

  it("passes a well-formed multipart form on", async () => {
    const body = '--xyz\r\nContent-Disposition: form-data; name="intent"\r\n\r\nlogin\r\n--xyz--\r\n';
    const answer = await post("/davmu/share/auth", "multipart/form-data; boundary=xyz", body);
    expect(answer.status).toBe(200);
  });

  it.each([
    ["JSON", "application/json", '{"intent":"login"}'],
    ["text", "text/plain", "intent=login"],
    ["XML", "application/xml", "<intent>login</intent>"],
    ["no Content-Type", null, "intent=login"],
  ])("refuses a %s body with 415", async (_name, type, body) => {
    for (const path of ["/davmu/share/auth", page]) {
      const answer = await post(path, type, body);
      expect(answer.status).toBe(415);
      expect(answer.body).toContain("无法识别提交的内容");
    }
  });

  it.each([
    ["no boundary", "multipart/form-data", '--xyz\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--xyz--\r\n'],
    [
      "another boundary than declared",
      "multipart/form-data; boundary=abc",
      '--xyz\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--xyz--\r\n',
    ],
    ["a body cut short", "multipart/form-data; boundary=xyz", '--xyz\r\nContent-Disposition: form-data; name="a"\r\n\r\n1'],
  ])("refuses a multipart body with %s with 400", async (_name, type, body) => {
    const answer = await post(page, type, body);
    expect(answer.status).toBe(400);
    expect(answer.body).toContain("提交的内容无效");
  });

  it("answers a data request's non-form body with JSON", async () => {
    const answer = await post("/davmu/share/auth.data", "application/json", "{}");
    expect(answer.status).toBe(415);
    expect(JSON.parse(answer.body)).toEqual({ status: 415, message: "无法识别提交的内容" });
  });

  it("refuses a body past the limit with 413, whether or not its length is declared", async () => {
    const big = `content=${"x".repeat(FORM_BODY_LIMIT_BYTES)}`;
    expect((await post(page, "application/x-www-form-urlencoded", big)).status).toBe(413);
    const chunked = await rawRequest(
      port,
      `POST ${page} HTTP/1.1\r\nHost: ${HOST}\r\nContent-Type: application/x-www-form-urlencoded\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\n` +
        `${big.length.toString(16)}\r\n${big}\r\n0\r\n\r\n`,
    );
    expect(chunked.status).toBe(413);
  });
});
