import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { basePathOnly } from "./base-path-only";

let server: Server;
let base: string;

beforeAll(async () => {
  const app = express();
  // Like Vite's development middleware, which strips its base from req.url before passing the request on.
  app.use((req, _res, next) => {
    req.url = req.url.replace(/^\/davmu\/share\//, "/");
    next();
  });
  app.use(basePathOnly);
  app.all("*", (req, res) => {
    res.send(`app ${req.originalUrl}`);
  });
  server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => server.close());

describe("basePathOnly", () => {
  it.each(["/favicon.ico", "/robots.txt", "/davmu/sharex", "/davmu/", "/x/davmu/share/"])("answers %s with a plain 404", async (path) => {
    const response = await fetch(base + path);
    expect(response.status).toBe(404);
    expect(response.headers.get("content-type")).toMatch(/^text\/plain/);
    expect(await response.text()).toBe("Not Found");
  });

  it.each(["/davmu/share/", "/davmu/share/?group=2", "/davmu/share/news/doc/x/index.html"])("passes %s on to the app", async (path) => {
    const response = await fetch(base + path);
    expect(response.status).toBe(200);
    expect(await response.text()).toBe(`app ${path}`);
  });

  it("redirects the base path without its slash to the base path, keeping the query", async () => {
    for (const [from, to] of [
      ["/davmu/share", "/davmu/share/"],
      ["/davmu/share?group=2", "/davmu/share/?group=2"],
    ]) {
      const response = await fetch(base + from, { redirect: "manual" });
      expect(response.status, from).toBe(301);
      expect(response.headers.get("location"), from).toBe(to);
    }
  });
});
