import cluster, { type Worker } from "node:cluster";
import { createHmac } from "node:crypto";
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import type { Redis } from "ioredis";
import { afterAll, afterEach, describe, expect, it, vi } from "vitest";
import {
  COALESCE_MS,
  createContentWrites,
  MAX_MESSAGE_BYTES,
  readSignedMessage,
  relayContentWrites,
  signMessage,
  type ContentWrite,
} from "~/runtime/content-writes.server";
import { env } from "~/runtime/env.server";
import { metricsRegistry } from "~/runtime/metrics.server";
import { connectRedis } from "~/runtime/redis.server";
import { freePort } from "../../tests/e2e/support/platform-outage";
import { startRedisServer } from "../../tests/e2e/support/redis-server";

const write = (n: number): ContentWrite => ({ pages: [`content:${n}`], answers: [`comments:${n}:`, `detail:${n}:`] });

/** One process's writes and what its listener heard, in order. */
function processWrites(origin: string, log: (line: string) => void = () => {}) {
  const writes = createContentWrites({ origin, log });
  const heard: ContentWrite[] = [];
  writes.listen((written) => heard.push(written));
  return { writes, heard };
}

const KEY = "a-replica-key-of-at-least-32-characters";
const message = (write: unknown, extra: Record<string, unknown> = {}) => ({ kind: "content-written", origin: "x", write, ...extra });
/** A message signed as a replica signs it, whatever it holds. */
const signed = (value: unknown, key = KEY) => signMessage(key, value as Parameters<typeof signMessage>[1]);

describe("a message on Redis", () => {
  it("is heard when it is signed with the replicas' key and is a write", () => {
    expect(readSignedMessage(KEY, signed(message(write(1))))).toEqual(message(write(1)));
  });

  it.each([
    ["oversized", "x".repeat(MAX_MESSAGE_BYTES + 1)],
    ["oversized", signed(message({ pages: ["content:1"], answers: [] }, { padding: "x".repeat(MAX_MESSAGE_BYTES) }))],
    ["unsigned", JSON.stringify(message(write(1)))],
    ["unsigned", `.${JSON.stringify(message(write(1)))}`],
    ["forged", signed(message(write(1)), "another-key-of-at-least-32-characters!!")],
    ["forged", signed(message(write(1))).replace("content:1", "content:2")],
    ["malformed", `${createHmac("sha256", KEY).update("not json").digest("base64url")}.not json`],
    ["malformed", signed(message({ pages: [], answers: [""] }))],
    ["malformed", signed(message({ pages: [], answers: [] }))],
    ["malformed", signed(message({ pages: ["content:"], answers: [] }))],
    ["malformed", signed(message({ pages: ["content:1"], answers: ["detail:"] }))],
    ["malformed", signed(message({ pages: ["page:1"], answers: [] }))],
    ["malformed", signed(message({ pages: Array.from({ length: 65 }, (_, i) => `content:${i}`), answers: [] }))],
    ["malformed", signed(message(write(1), { extra: true }))],
    ["malformed", signed({ ...message(write(1)), kind: "other" })],
  ])("is dropped as %s", (reason, text) => {
    expect(readSignedMessage(KEY, text)).toBe(reason);
  });
});

describe("a burst of writes", () => {
  it("is dropped here at once, write by write, and goes to the others as one message per window, each name once", () => {
    vi.useFakeTimers();
    try {
      const sent: unknown[] = [];
      const port = { on: () => undefined, off: () => undefined, send: (value: unknown) => sent.push(value) };
      const site = processWrites("burst");
      const stop = site.writes.overCluster(port);
      for (let i = 0; i < 5; i++) site.writes.announce(write(1));
      site.writes.announce(write(2));
      expect(site.heard).toEqual([...Array(5).fill(write(1)), write(2)]);
      expect(sent).toEqual([message(write(1), { origin: "burst" })]);
      vi.advanceTimersByTime(COALESCE_MS);
      expect(sent).toEqual([
        message(write(1), { origin: "burst" }),
        message({ pages: ["content:1", "content:2"], answers: ["comments:1:", "detail:1:", "comments:2:", "detail:2:"] }, { origin: "burst" }),
      ]);
      // A quiet window sends nothing; the next write goes at once again.
      vi.advanceTimersByTime(COALESCE_MS);
      expect(sent).toHaveLength(2);
      site.writes.announce(write(3));
      expect(sent).toHaveLength(3);
      // Stopping sends what is held.
      site.writes.announce(write(4));
      stop();
      expect(sent.at(-1)).toEqual(message(write(4), { origin: "burst" }));
    } finally {
      vi.useRealTimers();
    }
  });

  it("that names more than a message holds goes out in several", () => {
    const sent: Array<{ write: ContentWrite }> = [];
    const site = processWrites("big");
    site.writes.overCluster({ on: () => undefined, off: () => undefined, send: (value: unknown) => sent.push(value as { write: ContentWrite }) });
    const pages = Array.from({ length: 100 }, (_, i) => `content:${i}`);
    site.writes.announce({ pages, answers: ["detail:1:"] });
    expect(sent.map(({ write }) => write.pages.length + write.answers.length)).toEqual([64, 37]);
    expect(sent.flatMap(({ write }) => write.pages)).toEqual(pages);
  });
});

/** How many messages this process dropped, by reason. */
async function droppedCounts(): Promise<Record<string, number>> {
  const metric = metricsRegistry().getSingleMetric("davmu_share_write_messages_dropped_total");
  return Object.fromEntries(((await metric?.get())?.values ?? []).map((sample) => [String(sample.labels.reason), sample.value]));
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
    vi.waitFor(async () => expect(await server.client.pubsub("NUMSUB", "content-written")).toEqual(["content-written", count]), {
      timeout: 10_000,
      interval: 50,
    });

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

  it("drops what is not a signed write, counts it and warns once, and hears the next good one", async () => {
    const server = await startRedisServer();
    servers.push(server);
    const lines: string[] = [];
    const a = overRedis(server.url, "a", (line) => lines.push(line));
    await subscribers(server, 1);
    const before = await droppedCounts();
    const key = env.replicaKey;
    // A message anyone with access to Redis could send: one with an empty group would once have emptied every cache.
    await server.client.publish("content-written", JSON.stringify(message({ pages: [], answers: [""] })));
    await server.client.publish("content-written", signed(message(write(3)), "not-the-replicas-key-but-just-as-long"));
    await server.client.publish("content-written", "x".repeat(MAX_MESSAGE_BYTES + 1));
    await server.client.publish("content-written", signed(message({ pages: [], answers: [""] }), key));
    await server.client.publish("content-written", signed(message(write(3)), key));
    await vi.waitFor(() => expect(a.heard).toEqual([write(3)]));
    const after = await droppedCounts();
    const grew = (reason: string) => (after[reason] ?? 0) - (before[reason] ?? 0);
    expect({ unsigned: grew("unsigned"), forged: grew("forged"), oversized: grew("oversized"), malformed: grew("malformed") }).toEqual({
      unsigned: 1,
      forged: 1,
      oversized: 1,
      malformed: 1,
    });
    expect(lines).toEqual([expect.stringMatching(/^content writes: dropped 1 message\(s\) on the Redis channel \(the last one unsigned\)$/)]);
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
