import { expect, test } from "./support/test";
import { SEED_FIXTURES } from "../../platform/seed";
import { recordDocumentRequests } from "./support/document-requests";
import { E2E_ORIGIN } from "./support/e2e-server";
import { waitForHydration } from "./support/hydration";
import { seedArticle } from "./support/seed-content";
import { articleUrl } from "./support/urls";

/**
 * What a shared article says about itself: the _t address rule, and the share metadata on the server and in the
 * browser.
 */

const HOME = "/davmu/share/";

const metro = seedArticle(SEED_FIXTURES.manyComments);
const METRO = articleUrl(SEED_FIXTURES.manyComments);

test.describe("article page: the _t address rule", () => {
  test.skip(({ phone }) => !phone.js, "the address is rewritten by the page script");

  test("adds _t in place: no reload, no new history entry", async ({ page }) => {
    await page.goto(HOME);
    const lengthAtHome = await page.evaluate(() => history.length);
    const documents = recordDocumentRequests(page);
    const before = Date.now();
    await page.goto(METRO);
    await expect(page).toHaveURL(/\/index\.html\?_t=\d+$/);
    const stamp = Number(new URL(page.url()).searchParams.get("_t"));
    expect(stamp).toBeGreaterThanOrEqual(before);
    expect(stamp).toBeLessThanOrEqual(Date.now());
    expect(new URL(page.url()).pathname).toBe(METRO);
    // One entry for the article: replaced in place, not pushed.
    expect(await page.evaluate(() => history.length)).toBe(lengthAtHome + 1);
    expect(documents).toEqual([`${E2E_ORIGIN}${METRO}`]);
    // The page stays the article (no error boundary, no re-render into something else).
    await expect(page.locator("h1.article__title")).toHaveText(metro.title);
    // Back goes straight to the previous page, not to the address without _t.
    await page.goBack();
    await expect(page).toHaveURL(`${E2E_ORIGIN}${HOME}`);
  });

  test("keeps an existing _t and the other query parameters", async ({ tab: page }) => {
    const documents = recordDocumentRequests(page);
    await page.goto(`${METRO}?from=singlemessage&_t=1234567890123`);
    await waitForHydration(page, ".footer-bar");
    await expect(page.locator("h1.article__title")).toHaveText(metro.title);
    const url = new URL(page.url());
    expect(url.searchParams.get("_t")).toBe("1234567890123");
    expect(url.searchParams.get("from")).toBe("singlemessage");
    expect(documents).toHaveLength(1);
  });

  test("navigating from the home page to an article also adds _t", async ({ tab: page }) => {
    await page.goto(HOME);
    // Card lists are kept as the server sent them while the page hydrates (components/shared-markup.tsx): their list is hydrated.
    await waitForHydration(page, "ul.card-list");
    await page
      .locator("li.card", { has: page.locator("h3.card__title", { hasText: metro.title }) })
      .locator("a.card__link")
      .click();
    await expect(page.locator("h1.article__title")).toHaveText(metro.title);
    await expect(page).toHaveURL(/\/index\.html\?_t=\d+$/);
  });
});

test.describe("article page: share metadata rendered on the server", () => {
  test("title, description, canonical, Open Graph, Twitter card and JSON-LD @once", async ({ request }) => {
    const response = await request.get(`${METRO}?_t=1700000000000&from=singlemessage&isappinstalled=0`);
    expect(response.status()).toBe(200);
    const html = await response.text();
    const attr = (pattern: RegExp) => pattern.exec(html)?.[1];
    const canonicalUrl = `${E2E_ORIGIN}${METRO}`;

    expect(attr(/<title>([^<]*)<\/title>/)).toBe(`${metro.title} - 大目新闻`);
    expect(attr(/<meta name="description" content="([^"]*)"/)).toBe(metro.summary);
    expect(attr(/<link rel="canonical" href="([^"]*)"/)).toBe(canonicalUrl);
    expect(attr(/<meta property="og:title" content="([^"]*)"/)).toBe(metro.title);
    expect(attr(/<meta property="og:description" content="([^"]*)"/)).toBe(metro.summary);
    expect(attr(/<meta property="og:type" content="([^"]*)"/)).toBe("article");
    expect(attr(/<meta property="og:url" content="([^"]*)"/)).toBe(canonicalUrl);
    const image = attr(/<meta property="og:image" content="([^"]*)"/);
    expect(image).toMatch(/^https?:\/\/[^/]+\/.+\.(jpe?g|png|webp)$/);
    expect(attr(/<meta name="twitter:card" content="([^"]*)"/)).toBe("summary_large_image");
    expect(attr(/<meta name="twitter:image" content="([^"]*)"/)).toBe(image);

    const jsonLd = JSON.parse(attr(/<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/) ?? "null");
    expect(jsonLd).toMatchObject({
      "@context": "https://schema.org",
      "@type": "NewsArticle",
      headline: metro.title,
      mainEntityOfPage: canonicalUrl,
    });
    expect(Date.parse(jsonLd.datePublished)).not.toBeNaN();
    expect(jsonLd.image).toContain(image);

    // The cover image the cards point to is really served.
    const cover = await request.get(image!);
    expect(cover.status()).toBe(200);
    expect(cover.headers()["content-type"]).toMatch(/^image\//);
  });

  test("the document head carries the same metadata in the browser", async ({ tab: page }) => {
    await page.goto(`${METRO}?from=timeline&isappinstalled=0`);
    await expect(page).toHaveTitle(`${metro.title} - 大目新闻`);
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", `${E2E_ORIGIN}${METRO}`);
    await expect(page.locator('meta[property="og:title"]')).toHaveAttribute("content", metro.title);
    await expect(page.locator('script[type="application/ld+json"]')).toHaveCount(1);
  });
});
