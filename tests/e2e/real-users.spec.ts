import { LIST_FIXTURES } from "../../platform/seed-lists";
import { SEED_FIXTURES } from "../../platform/seed";
import { scrape, startClusterSite } from "./support/metrics-scrape";
import type { startSite } from "./support/platform-outage";
import type { Page } from "@playwright/test";
import { expect, test } from "./support/test";
import { articleUrl, urlId } from "./support/urls";

/**
 * Real-user metrics (docs/operations.md, "Real-user metrics") end to end: pages in a real browser measure
 * themselves and report their script errors to build/cluster.js with two workers, and the primary's /metrics and
 * the log show them. Every page view measures here (RUM_SAMPLE_RATE=1). Process-level: it runs once.
 */
test.describe.configure({ mode: "serial" });

const ARTICLE = articleUrl(SEED_FIXTURES.article);
const LIST = `/davmu/share/list/${urlId(LIST_FIXTURES.cityRenewal)}/index`;
const HOME = "/davmu/share/";

let site: Awaited<ReturnType<typeof startSite>>;
let metricsPort: number;

test.beforeAll(async () => {
  test.setTimeout(60_000);
  ({ site, metricsPort } = await startClusterSite({ RUM_SAMPLE_RATE: "1" }));
});

test.afterAll(() => site?.stop());

/** How many page views of `pageType` the primary's LCP and TTFB histograms hold, from the phone profile (android-browser). */
async function views(pageType: string) {
  const metric = await scrape(metricsPort);
  const labels = { page_type: pageType, device_class: "android-browser" };
  return { lcp: metric("web_vitals_lcp_seconds_count", labels) ?? 0, ttfb: metric("web_vitals_ttfb_seconds_count", labels) ?? 0 };
}

/**
 * Ends a page view as a phone does when its visitor switches away. Headless Chromium never hides a page itself, so
 * after a real key press (which settles LCP in web-vitals) the page is told it is hidden.
 */
async function switchAway(page: Page) {
  await page.keyboard.press("Shift");
  await page.evaluate(() => {
    Object.defineProperty(document, "visibilityState", { configurable: true, get: () => "hidden" });
    document.dispatchEvent(new Event("visibilitychange"));
  });
}

test("page views of the article and the home page move their web_vitals_* histograms", async ({ page }) => {
  const before = { article: await views("article"), home: await views("home") };
  for (const path of [ARTICLE, HOME]) {
    await page.goto(site.origin + path);
    // web-vitals is loaded once the page is idle; its figures go as the page is hidden.
    await expect
      .poll(() => page.evaluate(() => performance.getEntriesByType("resource").some(({ name }) => /\/web-vitals-[\w-]+\.js$/.test(name))))
      .toBe(true);
    await switchAway(page);
  }
  for (const [pageType, was] of Object.entries(before)) {
    await expect.poll(() => views(pageType), { message: pageType }).toEqual({ lcp: was.lcp + 1, ttfb: was.ttfb + 1 });
  }
  // Every bucket, the thresholds' included, is there for Prometheus's quantiles.
  const metric = await scrape(metricsPort);
  expect(metric("web_vitals_lcp_seconds_bucket", { page_type: "article", device_class: "android-browser", le: "2.5" })).toBeDefined();
});

test("a script error in the site's code is counted, and logged at its place in app/; the maps are not served", async ({ page, request }) => {
  const errors = () => scrape(metricsPort).then((metric) => metric("client_errors_total", { page_type: "list", kind: "error" }) ?? 0);
  const before = await errors();
  // The site's own scripts watch links (app/client/link-prefetch.ts) and cards (app/client/tracking.ts) with an
  // IntersectionObserver: here it throws, in their frames, each time with a message of its own (a page reports each once).
  await page.addInitScript(() => {
    let made = 0;
    window.IntersectionObserver = class {
      constructor() {
        throw new Error(`e2e: no observer ${++made}`);
      }
    } as unknown as typeof IntersectionObserver;
  });
  await page.goto(site.origin + LIST);
  await expect.poll(errors).toBeGreaterThan(before);
  await expect
    .poll(() => site.logLines().find((line) => line.msg === "client script error" && /^app\/client\//.test(String(line.source))))
    .toMatchObject({
      level: "warn",
      kind: "error",
      pageType: "list",
      deviceClass: "android-browser",
      source: expect.stringMatching(/^app\/client\/(link-prefetch|tracking)\.ts:\d+:\d+$/),
      error: expect.stringMatching(/^Error: e2e: no observer \d+$/),
    });

  const script = await page.evaluate(() => performance.getEntriesByType("resource").find(({ name }) => /\/assets\/.+\.js$/.test(name))?.name);
  expect(script).toBeDefined();
  expect((await request.get(script!)).status()).toBe(200);
  expect((await request.get(`${script}.map`)).status()).toBe(404);
});
