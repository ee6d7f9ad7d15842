import { type Page } from "@playwright/test";
import { expect, test } from "./support/test";
import { SEED_FIXTURES } from "../../platform/seed";
import { waitForHydration } from "./support/hydration";
import { seedArticle } from "./support/seed-content";
import { authUrl, DEMO_LOGIN_FORM, fromOwnPage } from "./support/login";
import { startControllablePlatform, startSite } from "./support/platform-outage";
import { articleUrl, urlId } from "./support/urls";

/**
 * A site whose platform is slow or stopped. A second site runs in front of a platform
 * this spec controls, with a short budget so a held call is given up on quickly.
 */

// Nothing here depends on the phone or on JavaScript: it runs once (playwright.config.ts); the steps build on each other.
test.describe.configure({ mode: "serial" });

let platform: Awaited<ReturnType<typeof startControllablePlatform>>;
let site: Awaited<ReturnType<typeof startSite>>;

test.beforeAll(async () => {
  platform = await startControllablePlatform();
  // A budget generous enough for a busy machine: the checks compare with the platform's answer, not with a clock.
  // The page cache off: these checks are about the upstream answers behind every fresh render (the page cache's own
  // stale-if-error is tested in server/page-cache/page-answers.test.ts).
  site = await startSite({
    PLATFORM_API_URL: platform.url,
    PLATFORM_TIMEOUT_MS: "5000",
    PLATFORM_BREAKER_HALF_OPEN_MS: "1000",
    PAGE_CACHE_MAX_BYTES: "0",
    // A test deployment's flag, checked on this site of its own: the main one runs without it.
    DEBUG_CONSOLE: "true",
  });
});

test.afterAll(() => {
  site?.stop();
  platform?.close();
});

const seen = seedArticle(SEED_FIXTURES.article);
const withComments = seedArticle(SEED_FIXTURES.manyComments);
const unseen = seedArticle(SEED_FIXTURES.olderThan72h);
const SLOW_TEXT = "服务繁忙，请稍后再试";

async function csrfField(page: Page): Promise<{ csrf: string }> {
  return { csrf: await page.locator("main input[name=csrf]").first().inputValue() };
}

test("the platform up: the article renders fresh", async ({ page }) => {
  // A site just started is slow to its first answers (readiness does not wait for the platform): asked until it answers.
  await expect.poll(async () => (await page.request.get(site.origin + articleUrl(seen.id))).status(), { timeout: 30_000 }).toBe(200);
  const response = await page.goto(site.origin + articleUrl(seen.id));
  expect(response?.status()).toBe(200);
  expect(response?.headers().warning).toBeUndefined();
  await expect(page.locator("h1.article__title")).toHaveText(seen.title);
  // Spec section 4: DEBUG_CONSOLE loads the debug console (vConsole) once the page has hydrated.
  await expect(page.locator("#__vconsole")).toBeAttached();
  expect((await page.goto(site.origin + articleUrl(withComments.id)))?.status()).toBe(200);
});

test("a slow platform: login answers the network-error message with 503 before the platform has answered", async ({ page }) => {
  await page.goto(site.origin + authUrl("/davmu/share/", "pass"));
  const form = await csrfField(page);
  platform.set("hold");
  const response = await page.request.post(`${site.origin}/davmu/share/auth`, {
    form: { ...form, ...DEMO_LOGIN_FORM },
    headers: fromOwnPage(site.origin),
    maxRedirects: 0,
  });
  // The login call is still held by the platform: the site's answer came first.
  expect(platform.held()).toBeGreaterThan(0);
  expect(response.status()).toBe(503);
  expect(await response.text()).toContain("网络错误，请稍后重试～");
  platform.release();
  platform.set("up");
});

test("a slow platform: a page never seen answers the friendly 503 before the platform has answered", async ({ request }) => {
  platform.set("hold");
  const response = await request.get(site.origin + articleUrl(unseen.id));
  expect(platform.held()).toBeGreaterThan(0);
  expect(response.status()).toBe(503);
  expect(response.headers()["content-type"]).toContain("text/html");
  expect(await response.text()).toContain(SLOW_TEXT);
  platform.release();
  platform.set("up");
});

test("the platform stopped: a page seen recently is served again, marked stale; a page never seen is the friendly 503", async ({ page }) => {
  platform.set("down");
  const stale = await page.goto(site.origin + articleUrl(seen.id));
  expect(stale?.status()).toBe(200);
  expect(stale?.headers().warning).toContain("110");
  await expect(page.locator("h1.article__title")).toHaveText(seen.title);
  expect(site.output()).toContain("serving stale");

  const missing = await page.goto(site.origin + articleUrl(unseen.id));
  expect(missing?.status()).toBe(503);
  await expect(page.getByRole("heading", { name: SLOW_TEXT })).toBeVisible();
});

test("the platform stopped: 'more comments' on a page served stale keeps the page and says why in a toast", async ({ page }) => {
  platform.set("down");
  const response = await page.goto(site.origin + articleUrl(withComments.id));
  expect(response?.headers().warning).toContain("110");
  await waitForHydration(page, "#comments a.load-more");
  await page.locator("#comments a.load-more").click();
  await expect(page.locator(".toast-host")).toContainText(SLOW_TEXT);
  await expect(page.locator("h1.article__title")).toHaveText(withComments.title);
  await expect(page.locator("#comments .comment-list > li")).toHaveCount(10);
});

test("the platform stopped: JSON routes answer errors as { status, message } with the same status", async ({ request }) => {
  platform.set("down");
  const checks: Array<[string, number]> = [
    [`/davmu/share/api/comments/${urlId(SEED_FIXTURES.manyComments)}?page=3`, 503],
    [`/davmu/share/api/replies/${urlId(SEED_FIXTURES.withReplies)}/${urlId(SEED_FIXTURES.repliedComment)}`, 503],
    ["/davmu/share/api/feed/hot72?page=9", 503],
    ["/davmu/share/api/comments/not-an-id", 404],
    ["/davmu/share/api/feed/nonsense", 404],
  ];
  for (const [path, status] of checks) {
    const response = await request.get(site.origin + path);
    expect(response.status(), path).toBe(status);
    expect(response.headers()["content-type"], path).toContain("application/json");
    const body = (await response.json()) as { status: number; message: string };
    expect(body.status, path).toBe(status);
    expect(body.message, path).toMatch(/\S/);
    expect(body.message, path).not.toMatch(/Unexpected Server Error/i);
  }
});

test("the platform back: fresh pages are served again", async ({ request }) => {
  platform.set("up");
  const calls = platform.calls();
  // The breaker lets a probe through after its pause; the page is then fresh (no Warning) again.
  await expect
    .poll(async () => (await request.get(site.origin + articleUrl(seen.id))).headers().warning ?? "fresh", { timeout: 15_000 })
    .toBe("fresh");
  expect(platform.calls()).toBeGreaterThan(calls);
});
