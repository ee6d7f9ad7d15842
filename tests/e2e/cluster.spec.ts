import { spawnSync } from "node:child_process";
import { mkdirSync, readFileSync, rmSync } from "node:fs";
import { Agent, get } from "node:http";
import { devices } from "@playwright/test";
import { expect, test } from "./support/test";
import type { Redis } from "ioredis";
import { loginAsDemo } from "./support/login";
import { startSite } from "./support/platform-outage";
import { startRedisServer } from "./support/redis-server";
import { articleUrl } from "./support/urls";

// How the production entry runs the site: build/cluster.js with one worker per WEB_CONCURRENCY, the embedded
// platform in the primary, rate limits in Redis. Not a phone behaviour: it runs once (playwright.config.ts).
test.describe.configure({ mode: "serial" });

const DATA_DIR = ".tmp/e2e-cluster";
let redisServer: Awaited<ReturnType<typeof startRedisServer>>;
let redis: Redis;
let site: Awaited<ReturnType<typeof startSite>>;

/** One request on a connection of its own: the cluster hands each new connection to the next worker. */
function fresh(
  url: string,
  headers: Record<string, string> = {},
  agent: Agent | false = false,
): Promise<{ status: number; worker: string; body: string }> {
  return new Promise((resolve, reject) => {
    get(url, { agent, headers }, (response) => {
      let body = "";
      response.setEncoding("utf8");
      response.on("data", (chunk) => (body += chunk));
      response.on("end", () => resolve({ status: response.statusCode ?? 0, worker: String(response.headers["x-worker"] ?? ""), body }));
    }).on("error", reject);
  });
}

/**
 * A request and then a health check on the same kept-alive connection, which one worker serves throughout: the
 * health check's X-Worker says which worker answered the request.
 */
async function answeredBy(url: string, headers: Record<string, string>): Promise<{ status: number; worker: string; body: string }> {
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  try {
    const sockets = new Set<unknown>();
    agent.on("free", (socket) => sockets.add(socket));
    const answer = await fresh(url, headers, agent);
    const health = await fresh(`${site.origin}/davmu/share/healthz`, {}, agent);
    expect(sockets.size, "one connection for both requests").toBe(1);
    return { ...answer, worker: health.worker };
  } finally {
    agent.destroy();
  }
}

async function workersAnswering(): Promise<Set<string>> {
  const answers = await Promise.all(Array.from({ length: 12 }, () => fresh(`${site.origin}/davmu/share/healthz`)));
  return new Set(answers.map((answer) => answer.worker));
}

/** The primary's children: its workers. */
function workerPids(): number[] {
  const listed = spawnSync("pgrep", ["-P", String(site.process.pid)], { encoding: "utf8" }).stdout;
  return listed.split("\n").filter(Boolean).map(Number);
}

test.beforeAll(async () => {
  test.setTimeout(60_000);
  rmSync(DATA_DIR, { recursive: true, force: true });
  mkdirSync(DATA_DIR, { recursive: true });
  redisServer = await startRedisServer();
  redis = redisServer.client;
  site = await startSite(
    { WEB_CONCURRENCY: "2", REDIS_URL: redisServer.url, PLATFORM_DB_PATH: `${DATA_DIR}/platform.sqlite`, LOG_LEVEL: "info" },
    "build/cluster.js",
  );
});

test.afterAll(async () => {
  site?.stop();
  redisServer?.stop();
});

test("serves from one worker per WEB_CONCURRENCY, with the embedded platform behind /_platform", async () => {
  await expect.poll(async () => [...(await workersAnswering())].sort()).toEqual(["1", "2"]);
  expect(workerPids()).toHaveLength(2);
  const avatar = await fresh(`${site.origin}/_platform/media/avatar-01.png`);
  expect(avatar.status).toBe(200);
  // The primary announces the start once, not once per worker.
  await expect.poll(() => site.output().match(/Listening on /g)?.length ?? 0).toBe(1);
  expect(site.output().match(/PUBLIC_ORIGIN is not set/g)?.length ?? 0).toBeLessThanOrEqual(1);
});

test("a visitor logged in on one worker is logged in on every worker, and the login counted in Redis", async ({ browser }) => {
  const context = await browser.newContext({ ...devices["Pixel 7"], baseURL: site.origin });
  const page = await context.newPage();
  const article = articleUrl(1);
  await loginAsDemo(page, article);
  const landed = new URL(page.url());
  const cookie = (await context.cookies()).map(({ name, value }) => `${name}=${value}`).join("; ");
  await context.close();

  const pages = await Promise.all(Array.from({ length: 6 }, () => answeredBy(`${site.origin}${landed.pathname}${landed.search}`, { cookie })));
  for (const answer of pages) {
    expect(answer.status).toBe(200);
    expect(answer.body).toContain("退出登录");
  }
  // Both workers answered those pages (each new connection goes to the next worker), so both know the session.
  expect(new Set(pages.map((answer) => answer.worker)).size, `workers ${pages.map((answer) => answer.worker)}`).toBe(2);
  const keys = await redis.keys("rate:auth:*");
  expect(keys.length).toBeGreaterThan(0);
  expect(Number(await redis.get(keys[0]))).toBeGreaterThanOrEqual(1);
});

test("replaces a worker that dies and keeps serving", async () => {
  const [victim] = workerPids();
  process.kill(victim, "SIGKILL");
  await expect.poll(() => site.output()).toMatch(/worker \d+ \(pid \d+\) exited \(SIGKILL\); starting another/);
  await expect.poll(async () => [...(await workersAnswering())].sort(), { timeout: 20_000 }).toEqual(expect.arrayContaining(["3"]));
  expect(workerPids()).toHaveLength(2);
  expect(workerPids()).not.toContain(victim);
});

test("SIGTERM lets the workers finish and stops the whole process tree", async () => {
  const pids = workerPids();
  const exited = new Promise<number | null>((resolve) => site.process.once("exit", (code) => resolve(code)));
  site.stop();
  expect(await exited).toBe(0);
  for (const pid of pids) expect(() => readFileSync(`/proc/${pid}/status`)).toThrow();
});
