import { createHmac } from "node:crypto";
import { mkdirSync, rmSync } from "node:fs";
import path from "node:path";
import { devices, type APIRequestContext, type APIResponse, type Page } from "@playwright/test";
import { expect, test } from "./support/test";
import { LIVE_FIXTURES } from "../../platform/seed-live";
import { SEED_FIXTURES } from "../../platform/seed";
import { startPlatform, stopProcess, type Running } from "../../scripts/bench/processes";
import { E2E_PORT, E2E_SERVER_ENV } from "./support/e2e-server";
import { PIN_COOKIE, PIN_HEADER, startHaproxy } from "./support/haproxy";
import { DEMO_LOGIN_FORM } from "./support/login";
import { freePort, startSite } from "./support/platform-outage";
import { startRedisServer } from "./support/redis-server";
import { articleUrl, detailUrl, urlId } from "./support/urls";

/**
 * Two replicas of the built site (build/server.js, the same secrets) behind Debian's HAProxy with no affinity, one
 * Redis and one platform (docs/deploy.md, "Several replicas"): a write through one drops the other's stored page,
 * a message on Redis not signed with their key drops nothing, rate limits and sessions are shared, live chat
 * reaches the viewers of both, and killing one loses no request the balancer retried. Process-level: it runs once
 * (playwright.config.ts).
 */
test.describe.configure({ mode: "serial" });

const DATA_DIR = path.resolve(`.tmp/e2e-replicas-${E2E_PORT}`);
const TRACKER_LIMIT = 4;
const REPLICAS = ["a", "b"] as const;
type Replica = (typeof REPLICAS)[number];

let redis: Awaited<ReturnType<typeof startRedisServer>>;
let platform: Running;
let sites: Record<Replica, Awaited<ReturnType<typeof startSite>>>;
let balancer: Awaited<ReturnType<typeof startHaproxy>>;
/** The demo account, logged in through replica a (the session test); the later tests write as it. */
let visitor: APIRequestContext;

test.beforeAll(async ({ playwright }) => {
  test.setTimeout(90_000);
  rmSync(DATA_DIR, { recursive: true, force: true });
  mkdirSync(DATA_DIR, { recursive: true });
  const platformPort = await freePort();
  const balancerPort = await freePort();
  [redis, platform] = await Promise.all([startRedisServer(), startPlatform(DATA_DIR, platformPort)]);
  await expect
    .poll(
      () =>
        fetch(`${platform.origin}/peony/v1/group`).then(
          (r) => r.status,
          () => 0,
        ),
      { timeout: 30_000 },
    )
    .toBe(200);
  // What makes them replicas of one site: the same secrets, Redis and platform, and the balancer's origin as theirs.
  const shared = {
    REDIS_URL: redis.url,
    PLATFORM_API_URL: platform.origin,
    PUBLIC_ORIGIN: `http://localhost:${balancerPort}`,
    TRACKER_RATE_LIMIT_PER_MINUTE: String(TRACKER_LIMIT),
  };
  const [a, b] = await Promise.all(REPLICAS.map(() => startSite(shared)));
  sites = { a, b };
  balancer = await startHaproxy({ a: Number(new URL(a.origin).port), b: Number(new URL(b.origin).port) }, balancerPort);
  visitor = await playwright.request.newContext({ baseURL: balancer.origin });
});

test.afterAll(async () => {
  await visitor?.dispose();
  balancer?.stop();
  for (const site of Object.values(sites ?? {})) site.stop();
  if (platform) await stopProcess(platform);
  redis?.stop();
});

const pinned = (replica: Replica) => ({ [PIN_HEADER]: replica });
const ownForm = () => ({ origin: balancer.origin });
const answeredBy = (response: APIResponse) => response.headers()["x-replica"];

test("a session made on one replica is valid on the other", async () => {
  const login = await visitor.post("/davmu/share/auth", {
    form: DEMO_LOGIN_FORM,
    headers: { ...ownForm(), ...pinned("a") },
    maxRedirects: 0,
  });
  expect(login.status(), await login.text()).toBe(302);
  expect(answeredBy(login)).toBe("a");

  const page = await visitor.get(articleUrl(SEED_FIXTURES.article), { headers: pinned("b") });
  expect(answeredBy(page)).toBe("b");
  expect(page.status()).toBe(200);
  expect((await page.text()).includes("退出登录"), "the page shows the visitor logged in").toBe(true);
});

test("a comment through one replica shows on the other's next page view, stored pages and shared answers alike", async ({ playwright }) => {
  const article = articleUrl(SEED_FIXTURES.article);
  const comments = `/davmu/share/api/comments/${urlId(SEED_FIXTURES.article)}`;
  const reader = await playwright.request.newContext({ baseURL: balancer.origin });
  // Replica b stores the anonymous page and keeps the comments' answer: fresh for seconds, unless a write drops them.
  await reader.get(article, { headers: pinned("b") });
  await reader.get(comments, { headers: pinned("b") });
  const stored = await reader.get(article, { headers: pinned("b") });
  expect([answeredBy(stored), stored.headers()["x-cache"]]).toEqual(["b", "HIT"]);

  const text = `副本评论 ${Date.now().toString(36)}`;
  const posted = await visitor.post(article, {
    form: { intent: "comment", content: text, track_id: "" },
    headers: { ...ownForm(), ...pinned("a") },
    maxRedirects: 0,
  });
  expect(posted.status()).toBe(302);
  expect(answeredBy(posted)).toBe("a");

  // Well inside the stored page's freshness: only the write's message can have dropped it.
  const shows = async (url: string) => {
    const answer = await reader.get(url, { headers: pinned("b") });
    return answeredBy(answer) === "b" && (await answer.text()).includes(text);
  };
  await expect.poll(() => shows(article), { message: "replica b's page shows the comment", timeout: 4_000 }).toBe(true);
  expect(await shows(comments), "replica b's comments answer has it").toBe(true);
  await reader.dispose();
});

test("a message on Redis not signed with the replicas' key drops no stored page; one signed with it does", async ({ playwright }) => {
  const target = articleUrl(SEED_FIXTURES.manyComments);
  const witness = articleUrl(SEED_FIXTURES.article);
  const reader = await playwright.request.newContext({ baseURL: balancer.origin });
  const cacheOfB = async (url: string) => (await reader.get(url, { headers: pinned("b") })).headers()["x-cache"];
  for (const url of [target, witness]) await cacheOfB(url);
  expect([await cacheOfB(target), await cacheOfB(witness)]).toEqual(["HIT", "HIT"]);

  // The wire format of docs/deploy.md: an HMAC-SHA256 of the JSON in base64url, a dot, the JSON.
  const written = (tag: string, answers: string[] = []) =>
    JSON.stringify({ kind: "content-written", origin: "outsider", write: { pages: [tag], answers } });
  const signed = (body: string, key = E2E_SERVER_ENV.REPLICA_KEY) => `${createHmac("sha256", key).update(body).digest("base64url")}.${body}`;
  const forTarget = written(`content:${urlId(SEED_FIXTURES.manyComments)}`);
  for (const message of [
    forTarget,
    signed(forTarget, "anyone-else's-key-just-as-long-as-theirs"),
    signed(`${forTarget}${" ".repeat(8192)}`),
    signed(written(`content:${urlId(SEED_FIXTURES.manyComments)}`, [""])),
  ]) {
    await redis.client.publish("content-written", message);
  }
  // Redis delivers in order: once the signed message after them has dropped its page, b has read them all.
  await redis.client.publish("content-written", signed(written(`content:${urlId(SEED_FIXTURES.article)}`)));
  await expect.poll(() => cacheOfB(witness), { timeout: 4_000 }).toBe("MISS");
  expect(await cacheOfB(target)).toBe("HIT");
  expect(sites.b.logLines().some(({ msg }) => /^content writes: dropped \d+ message\(s\) on the Redis channel/.test(msg))).toBe(true);
  await reader.dispose();
});

test("rate limits are counted once for both replicas", async () => {
  // A visitor's address as a proxy in front of the balancer gives it: a budget of this test's own.
  const headers = { "x-forwarded-for": "198.51.100.61" };
  const events = JSON.stringify([{ behavior: "view", timestamp: Math.floor(Date.now() / 1000), tid: urlId(SEED_FIXTURES.article) }]);
  const beacon = () => visitor.post("/davmu/share/api/tracker/log", { form: { events }, headers });
  const allowed = [];
  for (let i = 0; i < TRACKER_LIMIT; i++) allowed.push(await beacon());
  expect(allowed.map((answer) => answer.status())).toEqual(Array(TRACKER_LIMIT).fill(204));
  // Round robin: each replica took some, none alone reached the limit.
  expect(new Set(allowed.map(answeredBy))).toEqual(new Set(REPLICAS));
  const refused = await beacon();
  expect(refused.status()).toBe(429);
  expect(Number(refused.headers()["retry-after"])).toBeGreaterThanOrEqual(1);
});

test("live chat sent through one replica reaches the viewers of both", async ({ browser }) => {
  const live = detailUrl(LIVE_FIXTURES.landscapeLiveContent, "local_live");
  const watch = async (replica: Replica): Promise<Page> => {
    const context = await browser.newContext({ ...devices["Pixel 7"], baseURL: balancer.origin });
    await context.addCookies([{ name: PIN_COOKIE, value: replica, url: balancer.origin }]);
    const page = await context.newPage();
    const stream = page.waitForResponse((response) => /\/api\/live\/[^/]+\/events/.test(response.url()));
    // The page's own stream is what counts, not its pictures and player.
    await page.goto(`${live}?col=chat`, { waitUntil: "commit" });
    expect((await stream).headers()["x-replica"]).toBe(replica);
    return page;
  };
  const viewers = await Promise.all(REPLICAS.map(watch));

  const text = `两个副本都能看到 ${Date.now().toString(36)}`;
  const sent = await visitor.post(`${live}.data`, {
    form: { intent: "live_chat", live_id: LIVE_FIXTURES.landscapeLive, content: text, js: "1" },
    headers: { ...ownForm(), ...pinned("a") },
  });
  expect(sent.status(), await sent.text()).toBe(200);
  for (const viewer of viewers) await expect(viewer.locator(".live-message", { hasText: text })).toHaveCount(1);
  await Promise.all(viewers.map((viewer) => viewer.context().close()));
});

test("killing one replica loses no request: the balancer retries them on the other", async () => {
  const pages = [articleUrl(SEED_FIXTURES.article), "/davmu/share/", "/davmu/share/healthz"];
  const statuses: number[] = [];
  const servedBy: string[] = [];
  let stop = false;
  const visit = async (lane: number) => {
    for (let i = lane; !stop; i++) {
      // A request the balancer could not answer: a connection it closed counts as lost too.
      const response = await fetch(balancer.origin + pages[i % pages.length]).then(
        async (answer) => ({ status: answer.status, replica: answer.headers.get("x-replica") ?? "", body: await answer.arrayBuffer() }),
        () => ({ status: 0, replica: "" }),
      );
      statuses.push(response.status);
      servedBy.push(response.replica);
    }
  };
  const lanes = Array.from({ length: 4 }, (_, lane) => visit(lane));
  await expect.poll(() => new Set(servedBy).size).toBe(2);

  sites.b.process.kill("SIGKILL");
  await expect.poll(async () => (await balancer.serverStates()).b, { timeout: 10_000 }).toMatch(/^DOWN/);
  const afterDown = statuses.length;
  await expect.poll(() => statuses.length - afterDown).toBeGreaterThan(20);
  stop = true;
  await Promise.all(lanes);

  expect(statuses.filter((status) => status !== 200)).toEqual([]);
  expect(servedBy.slice(afterDown).every((replica) => replica === "a")).toBe(true);
  // Requests did go to the dead replica and were answered all the same: the balancer retried them.
  const backend = (await balancer.stats()).BACKEND;
  expect(Number(backend.wretr) + Number(backend.wredis)).toBeGreaterThan(0);
});
