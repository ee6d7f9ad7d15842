import { readdirSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BASE_PATH } from "../../app/lib/base-path";
import { metricsRegistry } from "../../app/runtime/metrics.server";
import { rawRequest } from "../middleware/raw-http.test-support";
import { measureRequest, routeFamily } from "./request-metrics";

describe("routeFamily", () => {
  it.each([
    ["/davmu/share/", "home"],
    ["/davmu/share", "home"],
    ["/davmu/share/news/doc/2024/05/Xk3pQ9aB/index", "detail"],
    ["/davmu/share/rmrb/video/Xk3pQ9aB/index", "detail"],
    ["/davmu/share/special/Xk3pQ9aB/index", "special"],
    ["/davmu/share/list/Xk3pQ9aB/index", "list"],
    ["/davmu/share/search/index", "search"],
    ["/davmu/share/dejin/topic/%E5%A4%A7/index", "dejin"],
    ["/davmu/share/auth", "auth"],
    ["/davmu/share/pc", "pc"],
    ["/davmu/share/news/doc/2024/05/Xk3pQ9aB/index.data", "data"],
    ["/davmu/share/_root.data", "data"],
    ["/davmu/share/api/comments/Xk3pQ9aB", "api"],
    ["/davmu/share/api/tracker/log", "api"],
    ["/davmu/share/api/live/Xk3pQ9aB/events", "live"],
    ["/davmu/share/assets/entry.client-AbC123.js", "asset"],
    ["/davmu/share/sw.js", "asset"],
    ["/davmu/share/favicon.ico", "asset"],
    ["/davmu/share/healthz", "health"],
    ["/davmu/share/readyz", "health"],
    ["/_platform/peony/v1/group", "platform"],
    ["/davmu/share/wp-login", "other"],
    ["/davmu/share/metrics", "other"],
    ["/", "outside"],
    ["/wp-admin/setup.php", "outside"],
    ["/davmu/sharefoo", "outside"],
  ])("%s → %s", (path, family) => {
    expect(routeFamily(path)).toBe(family);
  });

  it("gives every page route of app/routes a family of its own, never 'other'", () => {
    const routes = readdirSync(fileURLToPath(new URL("../../app/routes", import.meta.url))).map((file) => file.replace(/\.tsx?$/, ""));
    // The splat and the 404 page answer what matches nothing else: "other" is theirs.
    const pages = routes.filter((route) => route !== "$" && route !== "404");
    expect(pages.length).toBeGreaterThan(30);
    for (const route of pages) {
      // A flat route's segments, with a sample value for each parameter (optional ones given).
      const segments = route
        .split(".")
        .filter((segment) => segment !== "_index")
        .map((segment) => (segment.includes("$") ? "Xk3pQ9aB" : segment));
      expect(routeFamily(BASE_PATH + segments.join("/")), route).not.toMatch(/^(other|outside)$/);
    }
  });
});

describe("measureRequest", () => {
  let server: Server;
  let port: number;
  let arrived: () => void;
  const unanswered = new Promise<void>((resolve) => (arrived = resolve));

  beforeAll(async () => {
    server = createServer((req, res) => {
      measureRequest(req, res);
      if (req.url === "/davmu/share/search/index?keyword=x") return void res.writeHead(503).end("busy");
      // Never answered: the client leaves.
      if (req.url === "/davmu/share/auth") return void arrived();
      res.writeHead(200).end("ok");
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    port = (server.address() as AddressInfo).port;
  });

  afterAll(() => {
    server.closeAllConnections();
    server.close();
  });

  const count = async (labels: Record<string, string>) => {
    const metric = metricsRegistry().getSingleMetric("http_request_duration_seconds")!;
    const values = (await metric.get()).values.filter(
      (sample) => (sample as { metricName?: string }).metricName === "http_request_duration_seconds_count",
    );
    return values.find((sample) => Object.entries(labels).every(([name, value]) => sample.labels[name] === value))?.value ?? 0;
  };

  it("records each answer under the family of its path (not its query), its method and status class", async () => {
    await fetch(`http://127.0.0.1:${port}/davmu/share/search/index?keyword=x`);
    await fetch(`http://127.0.0.1:${port}/davmu/share/`, { method: "POST" });
    await expect.poll(() => count({ family: "search", method: "GET", status_class: "5xx" })).toBe(1);
    await expect.poll(() => count({ family: "home", method: "POST", status_class: "2xx" })).toBe(1);
  });

  it("records a method outside the usual few as 'other', and a request left unanswered as 'closed'", async () => {
    await rawRequest(port, "PROPFIND /davmu/share/ HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n");
    expect(await count({ family: "home", method: "other", status_class: "2xx" })).toBe(1);
    const controller = new AbortController();
    const left = fetch(`http://127.0.0.1:${port}/davmu/share/auth`, { signal: controller.signal }).catch(() => "left");
    await unanswered;
    controller.abort();
    expect(await left).toBe("left");
    await expect.poll(() => count({ family: "auth", method: "GET", status_class: "closed" })).toBe(1);
  });
});
