import cluster, { type Worker } from "node:cluster";
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import type { Redis } from "ioredis";
import { afterAll, afterEach, describe, expect, it, vi } from "vitest";
import { createContentWrites, relayContentWrites, type ContentWrite } from "~/runtime/content-writes.server";
import { connectRedis } from "~/runtime/redis.server";
import { freePort } from "../../tests/e2e/support/platform-outage";
import { startRedisServer } from "../../tests/e2e/support/redis-server";

const write = (n: number): ContentWrite => ({ pages: [`content:${n}`], answers: [`comments:${n}:`, `detail:${n}:`] });

/** One process's writes and what its listener heard, in order. */
function processWrites(origin: string, log: (line: string) => void = () => {}) {
  const writes = createContentWrites(origin, log);
  const heard: ContentWrite[] = [];
  writes.listen((written) => heard.push(written));
  return { writes, heard };
}

// `npm test` installs Debian's redis-server before the unit tests (scripts/ensure-test-tools.sh); elsewhere these
// run when it is on the PATH.
const hasRedis = spawnSync("redis-server", ["--version"]).status === 0;

describe.runIf(hasRedis || process.env.CI)("through Redis", () => {
  const connections: Redis[] = [];
  const servers: Array<{ stop(): void }> = [];
  const stops: Array<() => void> = [];
  const connect = (url: string) => {
    const redis = connectRedis(url);
    connections.push(redis);
    return redis;
  };
  /** A process of the site: a command connection and a subscriber of its own. */
  const overRedis = (url: string, origin: string, log?: (line: string) => void) => {
    const site = processWrites(origin, log);
    stops.push(site.writes.overRedis(connect(url), connect(url)));
    return site;
  };
  /** Waits until `count` processes listen on the channel. */
  const subscribers = (server: Awaited<ReturnType<typeof startRedisServer>>, count: number) =>
    vi.waitFor(async () => expect(await server.client.pubsub("NUMSUB", "content-written")).toEqual(["content-written", count]), { timeout: 10_000, interval: 50 });

  afterEach(() => {
    for (const stop of stops.splice(0)) stop();
    for (const redis of connections.splice(0)) redis.disconnect();
  });
  afterAll(() => {
    for (const server of servers) server.stop();
  });

  it("a write is heard at once in its own process, once, and in every other process", async () => {
    const server = await startRedisServer();
    servers.push(server);
    const a = overRedis(server.url, "a");
    const b = overRedis(server.url, "b");
    await subscribers(server, 2);

    a.writes.announce(write(1));
    expect(a.heard).toEqual([write(1)]);
    await vi.waitFor(() => expect(b.heard).toEqual([write(1)]));
    // Redis delivers in publish order: once a has b's write, it has had its own echo too, and ignored it.
    b.writes.announce(write(2));
    await vi.waitFor(() => expect(a.heard).toEqual([write(1), write(2)]));
    expect(b.heard).toEqual([write(1), write(2)]);
  });

  it("ignores what is not a write on the channel", async () => {
    const server = await startRedisServer();
    servers.push(server);
    const a = overRedis(server.url, "a");
    await subscribers(server, 1);
    await server.client.publish("content-written", "not json");
    await server.client.publish("content-written", JSON.stringify({ kind: "content-written", origin: "x", write: { pages: "content:1" } }));
    await server.client.publish("content-written", JSON.stringify({ kind: "content-written", origin: "x", write: write(3) }));
    await vi.waitFor(() => expect(a.heard).toEqual([write(3)]));
  });

  it("while Redis is down a write still drops this process's copies, warns once, and the subscriber joins when Redis is back", async () => {
    const port = await freePort();
    const url = `redis://127.0.0.1:${port}`;
    const lines: string[] = [];
    const a = overRedis(url, "a", (line) => lines.push(line));
    a.writes.announce(write(4));
    a.writes.announce(write(5));
    expect(a.heard).toEqual([write(4), write(5)]);
    await vi.waitFor(() => expect(lines.length).toBeGreaterThan(0));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^content writes: Redis unavailable/);

    const server = await startRedisServer(port);
    servers.push(server);
    const b = overRedis(url, "b");
    await subscribers(server, 2);
    b.writes.announce(write(6));
    await vi.waitFor(() => expect(a.heard).toEqual([write(4), write(5), write(6)]));
  });
});

describe("through the cluster channel", () => {
  const workers: Worker[] = [];
  afterAll(() => {
    for (const worker of workers) worker.process.kill();
  });

  it("the primary passes each worker's write on to every other worker; each hears it once", { timeout: 60_000 }, async () => {
    const stopRelay = relayContentWrites();
    cluster.setupPrimary({
      exec: fileURLToPath(new URL("./content-writes.cluster-worker.test-support.ts", import.meta.url)),
      execArgv: ["--import", "tsx"],
      silent: true,
    });
    const heard = new Map<Worker, ContentWrite[]>();
    let ready = 0;
    for (let i = 0; i < 3; i++) {
      const worker = cluster.fork();
      workers.push(worker);
      heard.set(worker, []);
      worker.on("message", (message: { ready?: boolean; heard?: ContentWrite }) => {
        if (message.ready) ready += 1;
        if (message.heard) heard.get(worker)?.push(message.heard);
      });
    }
    await vi.waitFor(() => expect(ready).toBe(3), { timeout: 50_000, interval: 50 });
    const [first, second, third] = workers;

    first.send({ announce: write(7) });
    await vi.waitFor(() => expect([heard.get(second), heard.get(third)]).toEqual([[write(7)], [write(7)]]));
    second.send({ announce: write(8) });
    await vi.waitFor(() => expect(heard.get(first)).toEqual([write(7), write(8)]));
    await vi.waitFor(() => expect(heard.get(third)).toEqual([write(7), write(8)]));
    // Each heard its own write once, at once in its own process.
    expect(heard.get(second)).toEqual([write(7), write(8)]);
    stopRelay();
  });
});
