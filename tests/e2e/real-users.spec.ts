import { LIST_FIXTURES } from "../../platform/seed-lists";
import { SEED_FIXTURES } from "../../platform/seed";
import { E2E_ORIGIN } from "./support/e2e-server";
import { scrape } from "./support/metrics-scrape";
import { freePort, startSite } from "./support/platform-outage";
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
  metricsPort = await freePort();
  // Against the e2e server's platform: the primary runs no embedded platform.
  site = await startSite(
    { WEB_CONCURRENCY: "2", PLATFORM_API_URL: `${E2E_ORIGIN}/_platform`, METRICS_PORT: String(metricsPort), RUM_SAMPLE_RATE: "1" },
    "build/cluster.js",
  );
});

test.afterAll(() => site?.stop());

/** How many page views of `pageType` the primary's LCP and TTFB histograms hold, from the phone profile (android-browser). */
async function views(pageType: string) {
  const metric = await scrape(metricsPort);
  const labels = { page_type: pageType, device_class: "android-browser" };
  return { lcp: metric("web_vitals_lcp_seconds_count", labels) ?? 0, ttfb: metric("web_vitals_ttfb_seconds_count", labels) ?? 0 };
}

test("page views of the article and the home page move their web_vitals_* histograms", async ({ page }) => {
  const before = { article: await views("article"), home: await views("home") };
  for (const path of [ARTICLE, HOME]) {
    await page.goto(site.origin + path);
    // web-vitals is loaded once the page is idle; its figures go as the page is left.
    await expect.poll(() => page.evaluate(() => performance.getEntriesByType("resource").some(({ name }) => /web-vitals/.test(name)))).toBe(true);
  }
  await page.goto(site.origin + LIST);
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
  // Idle link prefetch (app/client/link-prefetch.ts) reads the connection's facts: here they throw, in its frame.
  await page.addInitScript(() =>
    Object.defineProperty(Navigator.prototype, "connection", {
      get() {
        throw new Error("e2e: connection facts unreadable");
      },
    }),
  );
  await page.goto(site.origin + LIST);
  await expect.poll(errors).toBe(before + 1);
  await expect
    .poll(() => site.logLines().find((line) => line.msg === "client script error" && line.error === "Error: e2e: connection facts unreadable"))
    .toMatchObject({
      level: "warn",
      kind: "error",
      pageType: "list",
      deviceClass: "android-browser",
      source: expect.stringMatching(/^app\/client\/link-prefetch\.ts:\d+:\d+$/),
    });

  const script = await page.evaluate(() => performance.getEntriesByType("resource").find(({ name }) => /\/assets\/.+\.js$/.test(name))?.name);
  expect(script).toBeDefined();
  expect((await request.get(script!)).status()).toBe(200);
  expect((await request.get(`${script}.map`)).status()).toBe(404);
});
