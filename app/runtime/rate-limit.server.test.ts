import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { createServer } from "node:net";
import type { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createMemoryRateLimiter, createRedisRateLimiter } from "~/runtime/rate-limit.server";
import { redisKeyPart } from "~/runtime/redis-key.server";
import { connectRedis } from "~/runtime/redis.server";

describe("createMemoryRateLimiter", () => {
  it("allows max hits per window and key, then asks to wait until the window ends", async () => {
    let clock = 1_000_000;
    const limiter = createMemoryRateLimiter({ name: "test", windowMs: 60_000, max: 3, now: () => clock });
    expect(await Promise.all([1, 2, 3].map(() => limiter.hit("1.2.3.4")))).toEqual([0, 0, 0]);
    expect(await limiter.hit("1.2.3.4")).toBe(60);
    expect(await limiter.hit("5.6.7.8")).toBe(0);
    clock += 45_000;
    expect(await limiter.hit("1.2.3.4")).toBe(15);
    clock += 15_000;
    expect(await limiter.hit("1.2.3.4")).toBe(0);
  });
});

// `npm test` installs Debian's redis-server before the unit tests (scripts/ensure-test-tools.sh); elsewhere these
// run when it is on the PATH.
const hasRedis = spawnSync("redis-server", ["--version"]).status === 0;

describe.runIf(hasRedis || process.env.CI)("createRedisRateLimiter against a real redis-server", () => {
  let server: ChildProcess;
  let port: number;
  const clients: Redis[] = [];
  const client = async () => {
    const redis = connectRedis(`redis://127.0.0.1:${port}`);
    clients.push(redis);
    await ready(redis);
    return redis;
  };
  const neverUsed = { hit: async () => -1 };

  beforeAll(async () => {
    port = await freePort();
    server = spawn("redis-server", ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"], { stdio: "ignore" });
    await waitForRedis(port);
  });
  afterAll(async () => {
    for (const redis of clients) redis.disconnect();
    server?.kill();
  });

  it("counts the hits of two processes together and answers the wait left in the window", async () => {
    const options = { name: `shared-${Date.now()}`, windowMs: 60_000, max: 3 };
    const first = createRedisRateLimiter(options, await client(), neverUsed);
    const second = createRedisRateLimiter(options, await client(), neverUsed);
    expect([await first.hit("1.2.3.4"), await second.hit("1.2.3.4"), await first.hit("1.2.3.4")]).toEqual([0, 0, 0]);
    const wait = await second.hit("1.2.3.4");
    expect(wait).toBeGreaterThan(55);
    expect(wait).toBeLessThanOrEqual(60);
    expect(await first.hit("5.6.7.8")).toBe(0);
  });

  it("starts a new window when the old one expires", async () => {
    const limiter = createRedisRateLimiter({ name: `short-${Date.now()}`, windowMs: 300, max: 1 }, await client(), neverUsed);
    expect(await limiter.hit("k")).toBe(0);
    expect(await limiter.hit("k")).toBe(1);
    // Redis ends the window on its own clock: ask until a new one has begun, which then counts afresh.
    await vi.waitFor(async () => expect(await limiter.hit("k")).toBe(0), { timeout: 5_000, interval: 50 });
    expect(await limiter.hit("k")).toBe(1);
  });

  it("names its windows by the key's hash: no token, account or address in a Redis key", async () => {
    const redis = await client();
    const name = `hashed-${Date.now()}`;
    const token = "eyJhbGciOiJIUzI1NiJ9.platform-bearer-token";
    const limiter = createRedisRateLimiter({ name, windowMs: 60_000, max: 1 }, redis, neverUsed);
    await limiter.hit(token);
    await limiter.hit("198.51.100.7");
    const keys = await redis.keys(`rate:${name}:*`);
    expect(keys.sort()).toEqual([`rate:${name}:${redisKeyPart(token)}`, `rate:${name}:${redisKeyPart("198.51.100.7")}`].sort());
    expect(keys.join(" ")).not.toMatch(/platform-bearer-token|198\.51/);
    expect(redisKeyPart(token)).toMatch(/^[A-Za-z0-9_-]{22}$/);
  });

  it("falls back to the process's own counters when Redis does not answer", async () => {
    const down = connectRedis(`redis://127.0.0.1:${await freePort()}`);
    clients.push(down);
    const fallback = createMemoryRateLimiter({ name: "fallback", windowMs: 60_000, max: 1 });
    const limiter = createRedisRateLimiter({ name: "down", windowMs: 60_000, max: 1 }, down, fallback);
    expect(await limiter.hit("k")).toBe(0);
    expect(await limiter.hit("k")).toBe(60);
  });
});

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === "object" && address ? address.port : 0));
    });
  });
}

/** The client reconnects on its own until redis-server listens. */
async function waitForRedis(port: number) {
  const redis = connectRedis(`redis://127.0.0.1:${port}`);
  try {
    await vi.waitFor(() => expect(redis.status, `redis-server on port ${port}`).toBe("ready"), { timeout: 10_000, interval: 50 });
  } finally {
    redis.disconnect();
  }
}

function ready(redis: Redis): Promise<void> {
  if (redis.status === "ready") return Promise.resolve();
  return new Promise((resolve) => redis.once("ready", () => resolve()));
}
