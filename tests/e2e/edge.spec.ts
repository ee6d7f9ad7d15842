import { mkdirSync, rmSync } from "node:fs";
import path from "node:path";
import { expect, test } from "./support/test";
import { SEED_FIXTURES } from "../../platform/seed";
import { startEdge, startPlatform, stopProcess, untilPlatformAnswers, type Running } from "../../scripts/bench/processes";
import { E2E_PORT } from "./support/e2e-server";
import { DEMO_LOGIN_FORM } from "./support/login";
import { freePort, startSite } from "./support/platform-outage";
import { startRedisServer } from "./support/redis-server";
import { articleUrl, urlId } from "./support/urls";
import { wechatUserAgent } from "./support/user-agents";

/**
 * `npm run edge` (Debian's Varnish, deploy/edge/edge.vcl) in front of two replicas of the built site sharing one
 * platform and Redis (docs/deploy.md, "The edge"): a burst reaches the replicas a few times, a write purges the
 * edge at once, logged-in visitors pass, the variants are the site's own, and pages stand in while every replica is
 * down. Process-level: it runs once (playwright.config.ts).
 */
test.describe.configure({ mode: "serial" });

const DATA_DIR = path.resolve(`.tmp/e2e-edge-${E2E_PORT}`);
const PURGE_KEY = "edge-purge-key-of-the-e2e-run-0123456789";
/** A Pixel 7's Chrome: what most anonymous requests below say they are. */
const ANDROID_CHROME = "Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36";

let redis: Awaited<ReturnType<typeof startRedisServer>>;
let platform: Running;
let sites: Awaited<ReturnType<typeof startSite>>[];
let edge: Running;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  rmSync(DATA_DIR, { recursive: true, force: true });
  mkdirSync(DATA_DIR, { recursive: true });
  const [platformPort, edgePort] = await Promise.all([freePort(), freePort()]);
  [redis, platform] = await Promise.all([startRedisServer(), startPlatform(DATA_DIR, platformPort)]);
  await untilPlatformAnswers(platform, 30_000);
  const edgeOrigin = `http://localhost:${edgePort}`;
  // Replicas of one site, as in replicas.spec.ts, written for the edge's origin and purging it; each logs its requests.
  const shared = {
    REDIS_URL: redis.url,
    PLATFORM_API_URL: platform.origin,
    PUBLIC_ORIGIN: edgeOrigin,
    EDGE_PURGE_URLS: `http://127.0.0.1:${edgePort}/`,
    EDGE_PURGE_KEY: PURGE_KEY,
    LOG_LEVEL: "info",
  };
  sites = await Promise.all([startSite(shared), startSite(shared)]);
  edge = startEdge(
    edgePort,
    sites.map((site) => `127.0.0.1:${new URL(site.origin).port}`),
    PURGE_KEY,
  );
  // Up once its probes found a replica ready.
  await expect
    .poll(
      () =>
        fetch(`${edgeOrigin}/davmu/share/`, { headers: { "user-agent": ANDROID_CHROME } }).then(
          (r) => r.status,
          () => 0,
        ),
      { timeout: 60_000, message: `the edge serves:\n${edge.output.join("\n")}` },
    )
    .toBe(200);
});

test.afterAll(async () => {
  if (edge) await stopProcess(edge);
  for (const site of sites ?? []) site.stop();
  if (platform) await stopProcess(platform);
  redis?.stop();
});

/** Requests the replicas answered for `pathname`, counted from their access logs. */
const originRequests = (pathname: string) =>
  sites.flatMap((site) => site.logLines()).filter((line) => line.msg === "request completed" && line.path === pathname).length;

const get = (url: string, headers: Record<string, string> = {}) =>
  fetch(new URL(url, edge.origin), { headers: { "user-agent": ANDROID_CHROME, ...headers }, redirect: "manual" });

test("a burst of 200 requests for one page reaches the replicas a handful of times", async () => {
  const page = articleUrl(SEED_FIXTURES.withReplies);
  const answers = await Promise.all(Array.from({ length: 200 }, () => get(page).then(async (r) => [r.status, (await r.text()).length])));
  expect(answers.every(([status]) => status === 200)).toBe(true);
  // Varnish coalesces the misses: one request, or one per replica's readiness hiccup, never one per visitor.
  expect(originRequests(new URL(page, edge.origin).pathname)).toBeLessThanOrEqual(3);
});

test("a comment through the edge shows on the anonymous page through the edge within 2 s", async ({ playwright }) => {
  const page = articleUrl(SEED_FIXTURES.article);
  await get(page);
  const stored = await get(page);
  expect(stored.headers.get("x-edge-cache")).toBe("HIT");

  const writer = await playwright.request.newContext({ baseURL: edge.origin, userAgent: ANDROID_CHROME });
  const login = await writer.post("/davmu/share/auth", {
    form: DEMO_LOGIN_FORM,
    headers: { origin: edge.origin },
    maxRedirects: 0,
  });
  expect(login.status(), await login.text()).toBe(302);
  const text = `边缘评论 ${Date.now().toString(36)}`;
  const posted = await writer.post(page, {
    form: { intent: "comment", content: text, track_id: "" },
    headers: { origin: edge.origin },
    maxRedirects: 0,
  });
  expect(posted.status()).toBe(302);
  const postedAt = Date.now();
  // The site keeps a page fresh for 10 s, and so would the edge: only the purge shows it sooner.
  const seen: string[] = [];
  const shows = async () => {
    const answer = await get(page);
    const found = (await answer.text()).includes(text);
    const headers = ["x-edge-cache", "x-cache", "age"].map((name) => `${name} ${answer.headers.get(name)}`).join(", ");
    seen.push(`${Date.now() - postedAt} ms: ${found ? "shows it" : "not yet"} (${headers})`);
    return found;
  };
  await expect
    .poll(shows, { timeout: 2_000, intervals: [100] })
    .toBe(true)
    .catch((error: Error) => {
      throw new Error(`${error.message}\nthe anonymous page through the edge after the post:\n${seen.join("\n")}`);
    });
  expect(Date.now() - postedAt, seen.join("\n")).toBeLessThan(2_000);

  // The writer's own page passes the edge and is theirs; the anonymous one stored beside it has nothing of them.
  const own = await writer.get(page);
  expect(own.headers()["x-edge-cache"]).toBe("MISS");
  expect(await own.text()).toContain("退出登录");
  for (let i = 0; i < 3; i++) {
    const anonymous = await get(page);
    expect(anonymous.headers.get("set-cookie")).toBeNull();
    expect(await anonymous.text()).not.toContain("退出登录");
  }
  await writer.dispose();
});

test("an answer without a shared lifetime of its own is never stored", async () => {
  const comments = `/davmu/share/api/comments/${urlId(SEED_FIXTURES.article)}`;
  for (let i = 0; i < 2; i++) {
    const answer = await get(comments);
    expect(answer.status).toBe(200);
    expect(answer.headers.get("x-edge-cache")).toBe("MISS");
  }
});

test("the edge refuses a purge without the purge key", async () => {
  const purge = (headers: Record<string, string>) =>
    fetch(edge.origin, { method: "PURGE", headers: { "surrogate-key": "content:none", ...headers } }).then((r) => r.status);
  expect(await purge({})).toBe(403);
  expect(await purge({ "x-edge-purge-key": `${PURGE_KEY}x` })).toBe(403);
  expect(await purge({ "x-edge-purge-key": PURGE_KEY })).toBe(200);
});

test("a zh-Hant cookie and a WeChat browser get their own variants", async () => {
  const page = articleUrl(SEED_FIXTURES.olderThan72h);
  const plain = await get(page);
  expect(plain.status).toBe(200);
  expect((await get(page)).headers.get("x-edge-cache")).toBe("HIT");

  // The unprefixed address sends a zh-Hant visitor to the zh-Hant page, whatever the edge holds for the others.
  const hant = await get(page, { cookie: "i18n_redirected=zh-Hant; _ga=GA1.2.3" });
  expect(hant.status).toBe(302);
  expect(hant.headers.get("location")).toContain("/davmu/share/zh-Hant/");
  // Any other cookie is not part of the key: the stored page, a reader's identity cookie included.
  expect((await get(page, { cookie: "_ga=GA1.2.3; i18n_redirected=zh-Hans" })).headers.get("x-edge-cache")).toBe("HIT");
  expect((await get(page, { cookie: "__reader=eyJ9.c2ln; _ga=GA1.2.3" })).headers.get("x-edge-cache")).toBe("HIT");

  // The page cache's device class decides: WeChat's page is its own, rendered for WeChat.
  const wechat = await get(page, { "user-agent": wechatUserAgent });
  expect(wechat.headers.get("x-edge-cache")).toBe("MISS");
  // The root's device in the page's data (Remix's stream): WeChat's in-app browser is named after its key.
  const renderedForWeChat = /inAppBrowser\W+wechat\W/;
  expect(await wechat.text()).toMatch(renderedForWeChat);
  expect((await get(page, { "user-agent": wechatUserAgent.replace("NetType/WIFI", "NetType/4G") })).headers.get("x-edge-cache")).toBe("HIT");
  expect(await (await get(page)).text()).not.toMatch(renderedForWeChat);
});

test("with every replica down the edge keeps serving the pages it holds", async () => {
  const page = articleUrl(SEED_FIXTURES.latest);
  const first = await get(page);
  expect(first.status).toBe(200);
  const html = await first.text();
  for (const site of sites) {
    site.stop();
    await new Promise((resolve) => site.process.once("exit", resolve));
  }
  // Past the page's s-maxage: only stale-if-error can answer now, at once and after the probes marked them sick.
  await new Promise((resolve) => setTimeout(resolve, 11_000));
  for (let i = 0; i < 3; i++) {
    const stale = await get(page);
    expect(stale.status).toBe(200);
    expect(await stale.text()).toBe(html);
  }
});
