import { type Page } from "@playwright/test";
import { expect, test } from "./support/test";
import { SEED_FIXTURES } from "../../platform/seed";
import { seedArticle } from "./support/seed-content";
import { startControllablePlatform, startSite } from "./support/platform-outage";
import { articleUrl } from "./support/urls";

/**
 * A platform that is slow but answers (docs/resilience.md, "One budget per request"): a page's side parts get half
 * of what is left of PLATFORM_TIMEOUT_MS, so a platform slower than that share but within the whole budget costs
 * the page those parts, never the page; main content as slow still makes the page. A second site runs in front of
 * a platform this spec slows down, with the page cache off, so every page is built from fresh platform answers.
 */

// Nothing here depends on the phone: one profile is enough, and the steps share one site.
test.describe.configure({ mode: "serial" });

const BUDGET_MS = 4000;
// Past a side part's share (at most half the budget), well within the whole budget.
const SLOWER_THAN_A_SIDE_PART = 0.75 * BUDGET_MS;
// Slow, and still leaving most of the budget.
const SLOW_MAIN_CONTENT = 0.25 * BUDGET_MS;
/** The article's own call (GET /peony/v1/content/{id}): a page's main content; everything else on it is a side part. */
const MAIN_CONTENT = /^\/peony\/v1\/content\/[^/?]+(\?|$)/;

let platform: Awaited<ReturnType<typeof startControllablePlatform>>;
let site: Awaited<ReturnType<typeof startSite>>;

test.beforeAll(async () => {
  platform = await startControllablePlatform();
  site = await startSite({ PLATFORM_API_URL: platform.url, PLATFORM_TIMEOUT_MS: String(BUDGET_MS), PAGE_CACHE_MAX_BYTES: "0" });
});

test.afterAll(() => {
  site?.stop();
  platform?.close();
});

// Each test reads an article no earlier step has read: the shared cache would answer its calls instead.
const complete = seedArticle(SEED_FIXTURES.manyComments);
const stripped = seedArticle(SEED_FIXTURES.article);

/** The titles of the page's sections under the article: comments, related reading, the hot and recommended lists. */
const sectionTitles = (page: Page) => page.locator("main h2.section__title").allTextContents();

/** How long the site waited for each part it gave up on, as it logs them ("comments unavailable: platform timed out after N ms"). */
function givenUpAfter(messages: string[]): Record<string, number> {
  const given = messages.map((msg) => /^(.+) unavailable: platform timed out after (\d+) ms/.exec(msg)).filter((found) => found !== null);
  return Object.fromEntries(given.map(([, part, ms]) => [part, Number(ms)]));
}

test("side parts slower than their share: the page comes with its main content and without them, each given up at its share", async ({ page }) => {
  // The site's reader token, fetched once per process, comes first: this platform refuses content to a call without
  // a token. A list request fetches it without the app configuration a page would fetch (and then keep). A site just
  // started is slow to its first answers: asked until it answers.
  await expect.poll(async () => (await page.request.get(`${site.origin}/davmu/share/api/feed/hot72?page=2`)).status(), { timeout: 30_000 }).toBe(200);
  platform.slowDown(SLOWER_THAN_A_SIDE_PART, (path) => !MAIN_CONTENT.test(path));
  const response = await page.goto(site.origin + articleUrl(stripped.id));
  expect(platform.late().made).toEqual(
    expect.arrayContaining([expect.stringMatching(/^\/peony\/v1\/comment\//), expect.stringMatching(/^\/peony\/v1\/app\/info/)]),
  );
  expect(response?.status()).toBe(200);
  expect(response?.headers().warning).toBeUndefined();
  await expect(page.locator("h1.article__title")).toHaveText(stripped.title);
  await expect(page.locator(".article__body")).not.toBeEmpty();
  // Without the app configuration: the spec's fallbacks (no site name, the bundled logo, the default theme).
  await expect(page.locator('meta[name="theme-color"][media*="light"]')).toHaveAttribute("content", "#FF4A26");
  await expect(page.locator(".banner__name")).toHaveText("");
  await expect(page.locator(".banner__logo")).toHaveAttribute("src", "/davmu/share/app-logo.svg");
  // Without the comments and the lists.
  await expect(page.locator("#comments .comment-list > li")).toHaveCount(0);
  expect(await sectionTitles(page)).toEqual(["评论 "]);
  // Each was given up after at most half the budget, though the platform would have answered within all of it.
  const waited = givenUpAfter(site.logLines().map((line) => line.msg));
  expect(Object.keys(waited)).toEqual(expect.arrayContaining(["app config", "comments", "related", "hot list", "recommendations"]));
  for (const [part, ms] of Object.entries(waited)) expect(ms, part).toBeLessThanOrEqual(BUDGET_MS / 2);
});

test("main content slow within the budget, right after side parts were dropped: the whole page, fresh", async ({ page }) => {
  // What the last page's own requests still had under way in slow mode is over first.
  await expect.poll(() => platform.late().due.length).toBe(platform.late().made.length);
  platform.slowDown(SLOW_MAIN_CONTENT, (path) => MAIN_CONTENT.test(path));
  const response = await page.goto(site.origin + articleUrl(complete.id));
  // Its main content call was the slow one, and answered.
  expect(platform.late().due).toEqual([expect.stringMatching(MAIN_CONTENT)]);
  expect(response?.status()).toBe(200);
  expect(response?.headers().warning).toBeUndefined();
  await expect(page.locator("h1.article__title")).toHaveText(complete.title);
  await expect(page.locator(".banner__name")).toHaveText("大目新闻");
  await expect(page.locator("#comments .comment-list > li")).toHaveCount(10);
  expect(await sectionTitles(page)).toEqual(expect.arrayContaining(["72小时热点", "编辑推荐"]));
});
