import express from "express";
import { request, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createLiveHub } from "./live-hub";
import { fakeUpstream, message } from "./live-hub.test-support";
import { frameIn, liveStreamRoutes } from "./live-stream";
import * as traditionalChinese from "../app/runtime/traditional-chinese.server";

vi.mock("../app/runtime/traditional-chinese.server", { spy: true });

async function start(options: { maxLifetimeMs?: number; heartbeatMs?: number } = {}) {
  const upstream = fakeUpstream();
  const hub = createLiveHub({ connect: upstream.connect, graceMs: 0, log: () => undefined });
  const streams = liveStreamRoutes({ hub, maxLifetimeMs: options.maxLifetimeMs ?? 60_000, heartbeatMs: options.heartbeatMs, random: () => 1 });
  const app = express();
  app.use("/base/", streams.router);
  const server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  const port = (server.address() as AddressInfo).port;
  const open = (path: string, headers: Record<string, string> = {}) =>
    new Promise<{ response: IncomingMessage; text: () => string; ended: Promise<void>; close: () => void }>((resolve, reject) => {
      const req = request({ host: "127.0.0.1", port, path, headers }, (response) => {
        let body = "";
        response.setEncoding("utf8");
        response.on("data", (chunk) => (body += chunk));
        const ended = new Promise<void>((done) => response.on("close", () => done()));
        resolve({ response, text: () => body, ended, close: () => req.destroy() });
      });
      req.on("error", reject);
      req.end();
    });
  const cleanup = () => {
    streams.close();
    hub.close();
    server.closeAllConnections();
    server.close();
  };
  stops.push(cleanup);
  return { upstream, hub, streams, open };
}

const stops: (() => void)[] = [];
afterEach(() => stops.splice(0).forEach((stop) => stop()));
const until = async (check: () => boolean) => {
  for (let i = 0; i < 200 && !check(); i++) await new Promise((resolve) => setTimeout(resolve, 5));
  expect(check()).toBe(true);
};

describe("liveStreamRoutes", () => {
  it("streams the hub's events with their ids, uncompressed and uncached, after a retry line", async () => {
    const site = await start();
    const stream = await site.open("/base/api/live/marathon/events");
    expect(stream.response.statusCode).toBe(200);
    expect(stream.response.headers["content-type"]).toBe("text/event-stream; charset=utf-8");
    expect(stream.response.headers["cache-control"]).toBe("no-cache, no-transform");
    await until(() => site.upstream.connections.length === 1);
    site.upstream.last().write(message(1));
    await until(() => stream.text().includes("id: 1\n"));
    expect(stream.text()).toMatch(/^retry: 1000\n\nid: 1\nevent: message\ndata: \{"msg_id":"m1"/);
  });

  it("gives a zh-Hant page's stream the events in Traditional Chinese, and a zh-Hans page's as they came", async () => {
    const site = await start();
    const [hans, hant] = [await site.open("/base/api/live/marathon/events"), await site.open("/base/zh-Hant/api/live/marathon/events")];
    await until(() => site.upstream.connections.length === 1);
    site.upstream.last().write(message(1));
    await until(() => hans.text().includes("id: 1\n") && hant.text().includes("id: 1\n"));
    expect(hans.text()).toContain('"text":"消息1","user":{"id":"7","nickname":"观众"');
    expect(hant.text()).toContain('"text":"消息1","user":{"id":"7","nickname":"觀眾"');
  });

  it("converts each event once for all its zh-Hant viewers", () => {
    const convert = vi.mocked(traditionalChinese.traditionalAnswer);
    convert.mockClear();
    const event = { id: 4, event: "message" as const, data: JSON.stringify({ text: "观众的消息" }) };
    const frames = [frameIn("zh-Hant", event), frameIn("zh-Hant", event), frameIn("zh-Hans", event)];
    expect(frames).toEqual([expect.stringContaining("觀眾的"), frames[0], `id: 4\nevent: message\ndata: ${event.data}\n\n`]);
    expect(convert).toHaveBeenCalledTimes(1);
  });

  it("resumes from the Last-Event-ID header over the page's query, with only what was missed", async () => {
    const site = await start();
    const first = await site.open("/base/api/live/marathon/events");
    await until(() => site.upstream.connections.length === 1);
    site.upstream.last().write(message(1) + message(2) + message(3));
    await until(() => first.text().includes("id: 3\n"));
    const resumed = await site.open("/base/api/live/marathon/events?last_event_id=1", { "last-event-id": "2" });
    await until(() => resumed.text().includes("id: 3\n"));
    expect(resumed.text()).not.toContain("id: 2\n");
    expect(resumed.text()).not.toContain("id: 1\n");
  });

  it("answers 404 for an id the contract refuses or the platform does not know, 400 for a malformed Last-Event-ID", async () => {
    const site = await start();
    expect((await site.open("/base/api/live/bad%20id/events")).response.statusCode).toBe(404);
    expect((await site.open("/base/api/live/marathon/events", { "last-event-id": "abc" })).response.statusCode).toBe(400);
    site.upstream.refuseWith(404);
    expect((await site.open("/base/api/live/unknown/events")).response.statusCode).toBe(404);
  });

  it("sends a ping to every open stream and ends each after its maximum lifetime", async () => {
    const site = await start({ heartbeatMs: 20, maxLifetimeMs: 150 });
    const stream = await site.open("/base/api/live/marathon/events");
    await until(() => stream.text().includes(": ping\n\n"));
    expect(site.streams.count()).toBe(1);
    await stream.ended;
    expect(site.streams.count()).toBe(0);
  });

  it("lets go of a visitor who leaves, and ends every stream at shutdown", async () => {
    const site = await start();
    const leaving = await site.open("/base/api/live/marathon/events");
    const staying = await site.open("/base/api/live/marathon/events");
    await until(() => site.hub.stats()[0]?.subscribers === 2);
    leaving.close();
    await until(() => site.hub.stats()[0]?.subscribers === 1);
    site.streams.close();
    await staying.ended;
    expect(site.streams.count()).toBe(0);
  });
});
