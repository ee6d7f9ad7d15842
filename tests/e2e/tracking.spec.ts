import { type Page } from "@playwright/test";
import { expect, test } from "./support/test";
import type { ContentStats } from "../../platform/routes/tracker";
import { E2E_ORIGIN } from "./support/e2e-server";
import { STATS_VISITOR_BROWSER, type VisitorStats } from "./support/stats-visitor";
import { articleUrl, urlId } from "./support/urls";

/**
 * Statistics (spec sections 3 and 4) seen end to end: a short browsing session, then the embedded platform's
 * development statistics page. The session runs as a brand-new user, so the page is read for that visitor alone
 * (`tel`), whatever other specs browse at the same time. Behaviour does not differ by phone: Android only.
 */

const HOME = "/davmu/share/";
/** Plain seed articles: one opened only as a preview, one as an ordinary page. */
const SPARE_ARTICLE = 17;
const ORDINARY_ARTICLE = 18;
const TRACKER = "/davmu/share/api/tracker/log";

test.use({ ...STATS_VISITOR_BROWSER, storageState: ({ fileUser }, use) => use(fileUser.storageState) });

const rowOf = (list: ContentStats[], key: { id?: string; path?: string }) =>
  list.find((row) => (key.id ? row.content_id === key.id : row.content_id === "" && row.path === key.path));

/** Waits until the statistics page shows `count` of `field` for a content or page (events arrive in batches). */
async function untilCounted(visitorStats: VisitorStats, key: { id?: string; path?: string }, field: "views" | "reads", count: number) {
  await expect.poll(async () => rowOf(await visitorStats(), key)?.[field] ?? 0, { message: `${field} of ${key.id ?? key.path}` }).toBe(count);
}

/** Two frames, so IntersectionObserver has reported what the last scroll showed. */
const settle = (page: Page) => page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));

/** The ids of the cards wholly inside the viewport now, as the exposure rule counts them. */
const fullyVisibleCards = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll('[class*="card-id-"]')]
      .filter((card) => {
        const box = card.getBoundingClientRect();
        return box.height > 0 && box.top >= 0 && box.left >= 0 && box.bottom <= window.innerHeight && box.right <= window.innerWidth;
      })
      .map((card) => /card-id-([A-Za-z0-9]+)/.exec(card.className)![1]),
  );

/** Scrolls in viewport-sized jumps from the top to `to` (a fraction of the page) and back, noting every card seen whole. */
async function browse(page: Page, to: number): Promise<Set<string>> {
  const seen = new Set(await fullyVisibleCards(page));
  const { height, viewport } = await page.evaluate(() => ({ height: document.documentElement.scrollHeight, viewport: window.innerHeight }));
  const bottom = Math.max(0, Math.round((height - viewport) * to));
  const stops: number[] = [];
  for (let y = 0; y < bottom; y += Math.round(viewport * 0.6)) stops.push(y);
  stops.push(bottom, ...stops.slice().reverse());
  for (const y of stops) {
    await page.evaluate((top) => window.scrollTo({ top, behavior: "instant" }), y);
    await settle(page);
    for (const id of await fullyVisibleCards(page)) seen.add(id);
  }
  return seen;
}

test("a browsing session is counted: views, a read with duration and percent, one expose per card seen", async ({ page, visitorStats }) => {
  const trackerPosts: string[] = [];
  page.on("request", (request) => {
    if (request.method() === "POST" && new URL(request.url()).pathname === TRACKER) trackerPosts.push(request.postData() ?? "");
  });

  await page.goto(HOME);
  // The home page is named by its path; its view arrives once statistics have started (1 s after load).
  await untilCounted(visitorStats, { path: "/" }, "views", 1);
  const seenOnHome = await browse(page, 1);
  expect(seenOnHome.size, "cards seen on the home page").toBeGreaterThan(3);

  const card = page.locator("ul.card-list > li.card", { has: page.locator('a[href*="/doc/"]') }).first();
  const articleId = /card-id-([A-Za-z0-9]+)/.exec((await card.getAttribute("class")) ?? "")![1];
  await page.evaluate(() => window.scrollTo({ top: 0, behavior: "instant" }));
  await card.locator("a.card__link").click();
  await expect(page).toHaveURL(new RegExp(`/${articleId}/index\\.html`));
  const openedAt = Date.now();
  // A route change ends the home page view (its read) and begins the article's.
  await untilCounted(visitorStats, { id: articleId }, "views", 1);
  const viewCountedAt = Date.now();
  await untilCounted(visitorStats, { path: "/" }, "reads", 1);

  const seenOnArticle = await browse(page, 0.6);
  // How far the reader got: the deepest point of the scroll, whatever came after.
  const { height, viewport } = await page.evaluate(() => ({ height: document.documentElement.scrollHeight, viewport: window.innerHeight }));
  const deepest = Math.round((100 * (Math.round((height - viewport) * 0.6) + viewport)) / height);
  const leftAt = Date.now();
  await page.goto("about:blank");
  const stayed = (Date.now() - openedAt) / 1000;

  await untilCounted(visitorStats, { id: articleId }, "reads", 1);
  const list = await visitorStats();
  const article = rowOf(list, { id: articleId })!;
  expect(article.views).toBe(1);
  expect(article.avg_percent).toBeGreaterThanOrEqual(deepest - 1);
  expect(article.avg_percent).toBeLessThanOrEqual(deepest + 1);
  // Whole seconds from the article's view to leaving it: at least the time since its view was seen counted, at
  // most the time this test spent there.
  expect(article.avg_duration).toBeGreaterThanOrEqual(Math.floor((leftAt - viewCountedAt) / 1000));
  expect(article.avg_duration).toBeLessThanOrEqual(Math.ceil(stayed));

  // Each card once per page view on which it was seen whole, never once per scroll past it.
  const exposed = Object.fromEntries(list.filter((row) => row.exposes > 0).map((row) => [row.content_id, row.exposes]));
  const expected: Record<string, number> = {};
  for (const id of [...seenOnHome, ...seenOnArticle]) expected[id] = (expected[id] ?? 0) + 1;
  expect(exposed).toEqual(expected);

  // Batched: the whole session took a handful of requests, not one per card.
  expect(trackerPosts.length).toBeLessThan(seenOnHome.size + seenOnArticle.size);
  for (const body of trackerPosts) {
    const events = JSON.parse(new URLSearchParams(body).get("events") ?? "[]") as Record<string, unknown>[];
    // The browser never names the user; the site adds it from the session.
    for (const event of events) expect(event).not.toHaveProperty("user_id");
  }
});

test("a preview page sends no statistics", async ({ page, visitorStats }) => {
  const previewId = urlId(SPARE_ARTICLE);
  const previews = [articleUrl(SPARE_ARTICLE, "preview-wang"), `${articleUrl(SPARE_ARTICLE)}?preview=anything`];
  const posts: string[] = [];
  page.on("request", (request) => {
    if (request.method() === "POST" && new URL(request.url()).pathname === TRACKER) posts.push(request.headers().referer ?? "");
  });
  for (const url of previews) {
    await page.goto(url);
    await expect(page.locator("h1")).toBeVisible();
    await page.evaluate(() => window.scrollTo({ top: document.documentElement.scrollHeight, behavior: "instant" }));
  }
  // Leaving for an ordinary page: its view arrives after anything the previews could have sent on leaving.
  const ordinary = { id: urlId(ORDINARY_ARTICLE) };
  const before = rowOf(await visitorStats(), ordinary);
  await page.goto(articleUrl(ORDINARY_ARTICLE));
  await untilCounted(visitorStats, ordinary, "views", (before?.views ?? 0) + 1);
  await page.goto("about:blank");
  await untilCounted(visitorStats, ordinary, "reads", (before?.reads ?? 0) + 1);

  // (The previewed article may still be exposed as a card on the ordinary page: that is not a view of it.)
  const previewed = async () => {
    const row = rowOf(await visitorStats(), { id: previewId });
    return { views: row?.views ?? 0, reads: row?.reads ?? 0 };
  };
  expect(await previewed()).toEqual({ views: 0, reads: 0 });
  expect(posts.filter((referer) => referer.includes("preview"))).toEqual([]);

  // Events posted from a preview page anyway are dropped by the site.
  const forged = await page.request.post(TRACKER, {
    form: { events: JSON.stringify([{ behavior: "view", timestamp: Math.floor(Date.now() / 1000), tid: previewId }]) },
    headers: { referer: E2E_ORIGIN + previews[0] },
  });
  expect(forged.status()).toBe(204);
  expect(await previewed()).toEqual({ views: 0, reads: 0 });
});

test("without IntersectionObserver (old webviews) cards are still exposed once each", async ({ page, visitorStats }) => {
  await page.addInitScript(() => {
    delete (window as { IntersectionObserver?: unknown }).IntersectionObserver;
  });
  const exposes = async () => Object.fromEntries((await visitorStats()).map((row) => [row.content_id, row.exposes]));
  const home = { path: "/" };
  const before = await exposes();
  const viewsBefore = rowOf(await visitorStats(), home)?.views ?? 0;

  await page.goto(HOME);
  await untilCounted(visitorStats, home, "views", viewsBefore + 1);
  const seen = await browse(page, 1);
  await page.goto("about:blank");
  await untilCounted(visitorStats, home, "reads", viewsBefore + 1);

  const after = await exposes();
  const added = Object.fromEntries(
    Object.entries(after)
      .map(([id, count]) => [id, count - (before[id] ?? 0)] as const)
      .filter(([, count]) => count > 0),
  );
  expect(added).toEqual(Object.fromEntries([...seen].map((id) => [id, 1])));
});
