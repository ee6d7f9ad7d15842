import { mkdirSync, rmSync } from "node:fs";
import { devices, type APIRequestContext, type APIResponse, type Page } from "@playwright/test";
import { expect, test } from "./support/test";
import { LIVE_FIXTURES } from "../../platform/seed-live";
import { SEED_FIXTURES } from "../../platform/seed";
import { E2E_PORT } from "./support/e2e-server";
import { DEMO_ACCOUNT, uniquePhone } from "./support/login";
import { startSite } from "./support/platform-outage";
import { startRedisServer } from "./support/redis-server";
import { articleUrl, detailUrl, urlId } from "./support/urls";
import { redisKeyPart } from "../../app/runtime/redis-key.server";

/**
 * The site's own rate limits per route (docs/security.md, "Rate limits"): past the limit each answers 429 with
 * Retry-After; the counts live in Redis, so the workers of build/cluster.js share them; and what a visitor writes
 * into X-Forwarded-For never gives them a fresh budget. The main e2e server raises the limits out of the way, so
 * this spec runs a site of its own with low ones: two workers, its own Redis, its own database.
 */

// Process-level behaviour of a site this spec starts: one profile is enough, and the steps share it.
test.describe.configure({ mode: "serial" });

const DATA_DIR = `.tmp/e2e-rate-limits-${E2E_PORT}`;
const LIMITS = {
  AUTH_RATE_LIMIT_PER_MINUTE: 3,
  TRACKER_RATE_LIMIT_PER_MINUTE: 4,
  WECHAT_SIGNATURE_RATE_LIMIT_PER_MINUTE: 4,
  LIVE_CHAT_RATE_LIMIT_PER_MINUTE: 1,
  LIVE_LIKES_RATE_LIMIT_PER_MINUTE: 1,
  WRITE_RATE_LIMIT_PER_MINUTE: 2,
};

let redis: Awaited<ReturnType<typeof startRedisServer>>;
let site: Awaited<ReturnType<typeof startSite>>;

test.beforeAll(async () => {
  test.setTimeout(60_000);
  rmSync(DATA_DIR, { recursive: true, force: true });
  mkdirSync(DATA_DIR, { recursive: true });
  redis = await startRedisServer();
  const limits = Object.fromEntries(Object.entries(LIMITS).map(([name, value]) => [name, String(value)]));
  site = await startSite(
    { WEB_CONCURRENCY: "2", REDIS_URL: redis.url, PLATFORM_DB_PATH: `${DATA_DIR}/platform.sqlite`, ...limits },
    "build/cluster.js",
  );
});

test.afterAll(() => {
  site?.stop();
  redis?.stop();
});

/**
 * The headers of a request that reached the site through a proxy on this host (TRUST_PROXY's default, loopback):
 * the proxy appends the address it saw, `client`, to whatever the visitor sent (`spoofed`). Each test is its own
 * client, so the tests do not share a budget. Each request on a connection of its own: the cluster hands each new
 * connection to the next worker, so consecutive requests are answered by both.
 */
function via(client: string, spoofed = ""): Record<string, string> {
  return { "x-forwarded-for": spoofed ? `${spoofed}, ${client}` : client, connection: "close" };
}

/** What a refusal by the limit must carry: 429 and a wait in whole seconds, at most the window. */
function expectRefused(response: Pick<APIResponse, "status" | "headers">, windowSeconds: number) {
  expect(response.status()).toBe(429);
  const wait = Number(response.headers()["retry-after"]);
  expect(wait).toBeGreaterThanOrEqual(1);
  expect(wait).toBeLessThanOrEqual(windowSeconds);
}

const ownForm = () => ({ origin: site.origin });

async function authPost(request: APIRequestContext, client: string, form: Record<string, string>, spoofed = "") {
  return request.post(`${site.origin}/davmu/share/auth`, {
    form: { agreed: "on", redirect: "/davmu/share/", ...form },
    headers: { ...ownForm(), ...via(client, spoofed) },
    maxRedirects: 0,
  });
}

function trackerPost(request: APIRequestContext, client: string, spoofed = "") {
  const events = JSON.stringify([{ behavior: "view", timestamp: Math.floor(Date.now() / 1000), tid: urlId(SEED_FIXTURES.article) }]);
  return request.post(`${site.origin}/davmu/share/api/tracker/log`, { form: { events }, headers: via(client, spoofed) });
}

test("/auth: code requests and logins of one address share one budget; past it, 429 with Retry-After, counted in Redis for both workers", async ({
  request,
}) => {
  const client = "198.51.100.11";
  const answers = [
    await authPost(request, client, { intent: "send-code", phone: uniquePhone() }),
    await authPost(request, client, { intent: "login", mode: "pass", phone: uniquePhone(), password: "not-the-password" }),
    await authPost(request, client, { intent: "send-code", phone: uniquePhone() }),
  ];
  expect(answers.map((answer) => answer.status())).toEqual([200, 400, 200]);

  const refused = await authPost(request, client, { intent: "login", mode: "pass", phone: DEMO_ACCOUNT.phone, password: DEMO_ACCOUNT.password });
  expectRefused(refused, 60);
  expect(await refused.text()).toMatch(/操作过于频繁，请\d+秒后再试/);
  expect(refused.headers()["set-cookie"]).toBeUndefined();
  // Every attempt was counted in the one shared window, whichever worker took it.
  expect(Number(await redis.client.get(`rate:auth:${redisKeyPart(client)}`))).toBe(LIMITS.AUTH_RATE_LIMIT_PER_MINUTE + 1);

  // Another address has its own budget.
  expect((await authPost(request, "198.51.100.12", { intent: "send-code", phone: uniquePhone() })).status()).toBe(200);
});

test("the tracker: past its limit a beacon gets 429 with Retry-After, and a different X-Forwarded-For from the visitor does not reset it", async ({
  request,
}) => {
  const client = "198.51.100.21";
  for (let i = 0; i < LIMITS.TRACKER_RATE_LIMIT_PER_MINUTE; i++) expect((await trackerPost(request, client)).status()).toBe(204);
  const refused = await trackerPost(request, client);
  expectRefused(refused, 60);
  expect(await refused.json()).toEqual({ message: "请求过于频繁" });

  // What the visitor writes comes before the address the proxy appends: a new one each time changes nothing.
  for (const spoofed of ["203.0.113.7", "10.0.0.1, 203.0.113.8", "127.0.0.1"]) expectRefused(await trackerPost(request, client, spoofed), 60);
  expect(Number(await redis.client.get(`rate:tracker:${redisKeyPart(client)}`))).toBe(LIMITS.TRACKER_RATE_LIMIT_PER_MINUTE + 4);
});

// Wrong passwords go to phones nobody registered: the demo account, which the last test logs in with, is never locked.
test("/auth: a spoofed X-Forwarded-For does not reset a login limit either", async ({ request }) => {
  const client = "198.51.100.13";
  for (let i = 0; i < LIMITS.AUTH_RATE_LIMIT_PER_MINUTE; i++) {
    const answer = await authPost(request, client, { intent: "login", mode: "pass", phone: uniquePhone(), password: "guess-" + i }, `203.0.113.${i}`);
    expect(answer.status()).toBe(400);
  }
  expectRefused(await authPost(request, client, { intent: "login", mode: "pass", phone: uniquePhone(), password: "guess-x" }, "203.0.113.99"), 60);
});

test("the WeChat signature route: past its limit 429 with Retry-After, in the site's JSON error shape", async ({ request }) => {
  const client = "198.51.100.31";
  const page = `${site.origin}${articleUrl(SEED_FIXTURES.article)}`;
  const sign = () => request.get(`${site.origin}/davmu/share/api/wechat/config?url=${encodeURIComponent(page)}`, { headers: via(client) });
  for (let i = 0; i < LIMITS.WECHAT_SIGNATURE_RATE_LIMIT_PER_MINUTE; i++) expect((await sign()).status()).toBe(200);
  const refused = await sign();
  expectRefused(refused, 60);
  expect(refused.headers()["cache-control"]).toBe("no-store");
  expect(await refused.json()).toEqual({ status: 429, message: "请求过于频繁" });
  expect(Number(await redis.client.get(`rate:wechat-signature:${redisKeyPart(client)}`))).toBe(LIMITS.WECHAT_SIGNATURE_RATE_LIMIT_PER_MINUTE + 1);
});

test("live chat and likes: past the visitor's limit the page's request gets 429 with Retry-After and the reason", async ({ playwright }) => {
  const visitor = await playwright.request.newContext();
  const login = await authPost(visitor, "198.51.100.41", {
    intent: "login",
    mode: "pass",
    phone: DEMO_ACCOUNT.phone,
    password: DEMO_ACCOUNT.password,
  });
  expect(login.status()).toBe(302);
  // What the live page's script posts: its route's action, as Remix's single-fetch data request.
  const live = `${site.origin}${detailUrl(LIVE_FIXTURES.landscapeLiveContent, "local_live")}.data`;
  const write = (form: Record<string, string>) =>
    visitor.post(live, { form: { live_id: LIVE_FIXTURES.landscapeLive, js: "1", ...form }, headers: { ...ownForm(), connection: "close" } });

  expect((await write({ intent: "live_chat", content: "限流测试第一条" })).status()).toBe(200);
  const chat = await write({ intent: "live_chat", content: "限流测试第二条" });
  expectRefused(chat, 60);
  expect(await chat.text()).toContain("操作太频繁了，请稍后再试");

  expect((await write({ intent: "live_like", count: "3" })).status()).toBe(200);
  const like = await write({ intent: "live_like", count: "2" });
  expectRefused(like, 60);
  expect(await like.text()).toContain("操作太频繁了，请稍后再试");
  // Counted per visitor in Redis, whichever worker answered, under a hash of their token: never the token itself.
  const keys = await redis.client.keys("rate:live-chat-minute:*");
  expect(keys).toHaveLength(1);
  const { cookies } = await visitor.storageState();
  for (const cookie of cookies) expect(keys[0]).not.toContain(cookie.value.slice(0, 16));
  expect(keys[0]).toMatch(/^rate:live-chat-minute:[\w-]{22}$/);
  await visitor.dispose();
});

test("one account writing too fast: 429 with the reason beside the control, with and without JavaScript, the comment kept; other content stays stored", async ({
  page,
  browser,
}) => {
  // Another article's page, stored by both workers (each new connection goes to the next one).
  const other = `${site.origin}${articleUrl(SEED_FIXTURES.manyComments)}`;
  const cacheOfOther = async () => (await fetch(other, { headers: { connection: "close" } })).headers.get("x-cache");
  for (let i = 0; i < 4; i++) await cacheOfOther();

  const login = await authPost(page.context().request, "198.51.100.51", {
    intent: "login",
    mode: "pass",
    phone: DEMO_ACCOUNT.phone,
    password: DEMO_ACCOUNT.password,
  });
  expect(login.status()).toBe(302);
  const article = `${site.origin}${articleUrl(SEED_FIXTURES.article)}`;
  // The account's budget, spent as the comment bar's collect button spends it: each answered with a redirect back (202 in
  // single fetch's data).
  for (const type of ["add", "del"]) {
    const collect = await page
      .context()
      .request.post(`${article}.data`, { form: { intent: "collect", type, track_id: "", js: "1" }, headers: ownForm() });
    expect(collect.status()).toBe(202);
  }

  const comment = async (visitor: Page) => {
    await visitor.goto(article);
    const text = `太快了 ${Date.now().toString(36)}`;
    await visitor.locator("#comment-input").fill(text);
    const [posted] = await Promise.all([
      // The comment's post, not the reader-identity request the page makes once it has loaded.
      visitor.waitForResponse((response) => response.request().method() === "POST" && response.url().startsWith(article)),
      visitor.getByRole("button", { name: "发送" }).click(),
    ]);
    expectRefused(posted, 60);
    await expect(visitor.locator("#comment-error")).toHaveText("操作太频繁了，请稍后再试");
    await expect(visitor.locator("#comment-input")).toHaveValue(text);
    return visitor;
  };
  await comment(page);
  const noJs = await browser.newContext({ ...devices["Pixel 7"], javaScriptEnabled: false, storageState: await page.context().storageState() });
  // Without JavaScript the page also carries the toast, as for any form it answers.
  await expect((await comment(await noJs.newPage())).locator(".toast")).toHaveText("操作太频繁了，请稍后再试");
  await noJs.close();

  // A refused write drops nothing, and the allowed ones only their own article's pages.
  for (let i = 0; i < 2; i++) expect(["HIT", "STALE"]).toContain(await cacheOfOther());
});
