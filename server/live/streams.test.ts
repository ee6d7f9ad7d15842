import express from "express";
import { request, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createLiveHub } from "./hub";
import { fakeUpstream, message } from "./hub.test-support";
import { frameIn, liveStreamRoutes } from "./streams";
import { metricsRegistry } from "../../app/runtime/metrics.server";
import * as traditionalChinese from "../../app/runtime/traditional-chinese.server";

vi.mock("../../app/runtime/traditional-chinese.server", { spy: true });

async function start(options: { maxLifetimeMs?: number; heartbeatMs?: number; perAddress?: number; perProcess?: number } = {}) {
  const upstream = fakeUpstream();
  const hub = createLiveHub({ connect: upstream.connect, graceMs: 0, log: () => undefined });
  const streams = liveStreamRoutes({
    hub,
    maxLifetimeMs: options.maxLifetimeMs ?? 60_000,
    heartbeatMs: options.heartbeatMs,
    perAddress: options.perAddress ?? 100,
    perProcess: options.perProcess ?? 100,
    random: () => 1,
  });
  const app = express();
  // As the site runs behind its proxy: the client's address is the one the proxy (here, loopback) reports.
  app.set("trust proxy", "loopback");
  app.use("/base/", streams.router);
  const server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  const port = (server.address() as AddressInfo).port;
  const open = (path: string, headers: Record<string, string> = {}) =>
    new Promise<{ response: IncomingMessage; text: () => string; ended: Promise<void>; close: () => void; reset: () => void }>((resolve, reject) => {
      const req = request({ host: "127.0.0.1", port, path, headers }, (response) => {
        let body = "";
        response.setEncoding("utf8");
        response.on("data", (chunk) => (body += chunk));
        const ended = new Promise<void>((done) => response.on("close", () => done()));
        // reset: the connection fails (a TCP reset), as a phone dropping off the network can leave it.
        resolve({ response, text: () => body, ended, close: () => req.destroy(), reset: () => req.socket?.resetAndDestroy() });
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

  it("sends a ping to every open stream and ends each after its maximum lifetime, giving its slot back", async () => {
    const site = await start({ heartbeatMs: 20, maxLifetimeMs: 150, perAddress: 1 });
    const stream = await site.open("/base/api/live/marathon/events");
    await until(() => stream.text().includes(": ping\n\n"));
    expect(site.streams.count()).toBe(1);
    await stream.ended;
    expect(site.streams.count()).toBe(0);
    expect((await site.open("/base/api/live/marathon/events")).response.statusCode).toBe(200);
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

  it("holds a few streams per client address and in all, and refuses more with 429 or 503, Retry-After and no stream", async () => {
    const refusals = await refusalCounts();
    const site = await start({ perAddress: 2, perProcess: 3 });
    const from = (address: string) => ({ "x-forwarded-for": address });
    const events = "/base/api/live/marathon/events";
    for (let i = 0; i < 2; i++) expect((await site.open(events, from("203.0.113.1"))).response.statusCode).toBe(200);
    // What a client writes left of its proxy's entry is not its address: still the same one.
    const third = await site.open(events, from("198.51.100.77, 203.0.113.1"));
    expect(third.response.statusCode).toBe(429);
    expect(third.response.headers["retry-after"]).toBe("30");
    expect(third.response.headers["content-type"]).toMatch(/^application\/json/);
    await third.ended;
    expect(JSON.parse(third.text())).toEqual({ status: 429, message: "操作太频繁了，请稍后再试" });
    expect((await site.open(events, from("203.0.113.2"))).response.statusCode).toBe(200);
    const full = await site.open(events, from("203.0.113.3"));
    expect(full.response.statusCode).toBe(503);
    expect(full.response.headers["retry-after"]).toBe("30");
    expect(site.streams.count()).toBe(3);
    expect(await refusalCounts()).toEqual({ ...refusals, address: refusals.address + 1, process: refusals.process + 1 });
  });

  it("gives a stream's slot back however it ends, so the count returns to zero", async () => {
    const site = await start({ perAddress: 1 });
    const events = (liveId = "marathon") => `/base/api/live/${liveId}/events`;
    // With one stream per address, each next stream is let in only if the one before gave its slot back.
    const admitted = async (path: string, headers?: Record<string, string>) => {
      const stream = await site.open(path, headers);
      expect(stream.response.statusCode).toBe(200);
      return stream;
    };
    const closing = await admitted(events());
    closing.close();
    await until(() => site.streams.count() === 0);
    const failing = await admitted(events());
    failing.reset();
    await until(() => site.streams.count() === 0);

    // Deleted while watched: the stream says so and ends.
    const watching = await admitted(events());
    await until(() => site.upstream.connections.length === 3);
    site.upstream.refuseWith(404);
    site.upstream.last().end();
    await watching.ended;
    expect(watching.text()).toMatch(/event: gone\ndata: \{\}\n\n$/);
    expect((await site.open(events("unknown"))).response.statusCode).toBe(404);
    site.upstream.refuseWith(503);
    const unavailable = await site.open(events("unreachable"));
    expect([unavailable.response.statusCode, unavailable.response.headers["retry-after"]]).toEqual([503, "5"]);
    site.upstream.refuseWith(null);

    // Shutdown ends a stream that is open and refuses one still waiting for the platform's first answer.
    const open = await admitted(events(), { "x-forwarded-for": "203.0.113.9" });
    site.upstream.stayingSilent(true);
    const waiting = site.open(events("slow"));
    await until(() => site.streams.count() === 2);
    site.streams.close();
    await open.ended;
    expect((await waiting).response.statusCode).toBe(503);
    expect(site.streams.count()).toBe(0);
    await until(() => site.hub.stats().length === 0);
    site.upstream.stayingSilent(false);
    await admitted(events());
  });
});

/** The refusal counter's value per reason. */
async function refusalCounts(): Promise<Record<string, number>> {
  const counts: Record<string, number> = { address: 0, process: 0, unknown: 0, unavailable: 0 };
  for (const sample of (await metricsRegistry().getSingleMetric("davmu_share_live_stream_refusals_total")!.get()).values)
    counts[sample.labels.reason!] = sample.value;
  return counts;
}
