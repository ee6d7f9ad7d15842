import { devices } from "@playwright/test";
import { expect, test } from "./support/test";
import { SEED_FIXTURES } from "../../platform/seed";
import { E2E_ORIGIN } from "./support/e2e-server";
import { seedArticle } from "./support/seed-content";
import { articleUrl } from "./support/urls";
import { recordDocumentRequests } from "./support/document-requests";
import { waitForHydration } from "./support/hydration";
import { desktopUserAgent, macintoshSafariUserAgent } from "./support/user-agents";

const BASE = "/davmu/share/";
const METRO = articleUrl(SEED_FIXTURES.manyComments);
const metro = seedArticle(SEED_FIXTURES.manyComments);
const pcUrlFor = (path: string) => `${BASE}pc?url=${encodeURIComponent(`${E2E_ORIGIN}${path}`)}`;

const desktopBrowser = {
  userAgent: desktopUserAgent,
  viewport: { width: 1280, height: 800 },
  screen: { width: 1280, height: 800 },
  deviceScaleFactor: 1,
  isMobile: false,
  hasTouch: false,
};

// Which user agents the server sends to /pc is user-agents.spec.ts's table; these bots also get the share tags.
test.describe("crawlers and link-preview bots", () => {
  const bots: Array<[string, string]> = [
    ["Googlebot", "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)"],
    [
      "Googlebot desktop",
      "Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; Googlebot/2.1; +http://www.google.com/bot.html) Chrome/131.0.0.0 Safari/537.36",
    ],
    ["Bingbot", "Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)"],
    ["Baiduspider", "Mozilla/5.0 (compatible; Baiduspider/2.0; +http://www.baidu.com/search/spider.html)"],
    ["facebookexternalhit", "facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)"],
    ["WhatsApp", "WhatsApp/2.23.20.0"],
    ["Twitterbot", "Twitterbot/1.0"],
    ["Slackbot", "Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)"],
    ["LinkedInBot", "LinkedInBot/1.0 (compatible; Mozilla/5.0; Apache-HttpClient +http://www.linkedin.com)"],
    ["TelegramBot", "TelegramBot (like TwitterBot)"],
    ["Discordbot", "Mozilla/5.0 (compatible; Discordbot/2.0; +https://discordapp.com)"],
  ];
  for (const [name, userAgent] of bots) {
    test(`${name} is never redirected and gets the share tags @once`, async ({ request }) => {
      const response = await request.get(METRO, { maxRedirects: 0, headers: { "user-agent": userAgent, accept: "text/html" } });
      expect(response.status()).toBe(200);
      const html = await response.text();
      expect(html).toContain(`<meta property="og:title" content="${metro.title}"/>`);
      expect(html).toMatch(/<meta property="og:image" content="https?:\/\/[^"]+"/);
      expect(html).toContain(metro.title);
    });
  }
});

test.describe("a desktop browser", () => {
  test.use(desktopBrowser);

  test("lands on /pc, which frames the mobile page once", async ({ page }) => {
    const response = await page.goto(METRO);
    expect(response?.status()).toBe(200);
    await expect(page).toHaveURL(`${E2E_ORIGIN}${pcUrlFor(METRO)}`);

    const frameElement = page.locator("iframe.pc__frame");
    await expect(frameElement).toHaveAttribute("src", `${E2E_ORIGIN}${METRO}`);
    const framed = page.frameLocator("iframe.pc__frame");
    await expect(framed.locator("h1.article__title")).toHaveText(metro.title);
    // Not redirected again inside the frame: no nested wrapper.
    await expect(framed.locator("iframe.pc__frame")).toHaveCount(0);
    const frame = page.frames().find((f) => f !== page.mainFrame());
    expect(new URL(frame!.url()).pathname).toBe(METRO);
  });

  test("the framed page's client-side desktop check does not nest wrappers", async ({ page, phone }) => {
    test.skip(!phone.js, "the client check needs JavaScript");
    await page.clock.install();
    await page.goto(METRO);
    const framed = page.frameLocator("iframe.pc__frame");
    await expect(framed.locator("h1.article__title")).toHaveText(metro.title);
    // Hydrated: the framed page applied the _t rule.
    const frame = () => page.frames().find((f) => f !== page.mainFrame())!;
    await expect.poll(() => frame().url()).toMatch(/\?_t=\d+$/);
    // Well past the 200 ms desktop check.
    await page.clock.runFor(2000);
    expect(page.frames()).toHaveLength(2);
    expect(new URL(frame().url()).pathname).toBe(METRO);
    await expect(page).toHaveURL(`${E2E_ORIGIN}${pcUrlFor(METRO)}`);
  });

  test("the home page redirects to /pc as well", async ({ page }) => {
    await page.goto(BASE);
    await expect(page).toHaveURL(`${E2E_ORIGIN}${pcUrlFor(BASE)}`);
    await expect(page.frameLocator("iframe.pc__frame").locator("ul.card-list > li.card").first()).toBeVisible();
  });
});

test.describe("a Macintosh user agent, which a Mac and an iPad both send", () => {
  test.describe("on an iPad", () => {
    // Safari on iPadOS: a tablet's portrait screen and touch, with a Mac's user agent (rendered by Chromium).
    const { defaultBrowserType: _webkit, ...ipad } = devices["iPad Pro 11"];
    test.use({ ...ipad, userAgent: macintoshSafariUserAgent });

    // One profile is enough: the iPad is the same wherever it is emulated.
    test("reads the phone page @once", async ({ page }) => {
      const documents = recordDocumentRequests(page);
      await page.clock.install();
      await page.goto(METRO);
      await waitForHydration(page);
      // Well past the 200 ms desktop check; a request to the server after it, by when a redirect would have left.
      await page.clock.runFor(2000);
      await page.evaluate(() => fetch("/davmu/share/healthz"));
      expect(documents.map((url) => new URL(url).pathname)).toEqual([METRO]);
      await expect(page.locator("h1.article__title")).toHaveText(metro.title);
      await expect(page.locator("iframe.pc__frame")).toHaveCount(0);
    });
  });

  test.describe("on a Mac", () => {
    test.use({ ...desktopBrowser, userAgent: macintoshSafariUserAgent });

    // One profile is enough for the Mac's own browser.
    test("moves to the /pc wrapper once the page has run @once", async ({ page }) => {
      await page.goto(METRO);
      await expect(page).toHaveURL(new RegExp(`${BASE}pc\\?url=`));
      const target = new URL(new URL(page.url()).searchParams.get("url") ?? "");
      expect(target.pathname).toBe(METRO);
      await expect(page.frameLocator("iframe.pc__frame").locator("h1.article__title")).toHaveText(metro.title);
    });

    test("reads the page itself without JavaScript @once", async ({ browser }) => {
      const context = await browser.newContext({
        ...desktopBrowser,
        userAgent: macintoshSafariUserAgent,
        baseURL: E2E_ORIGIN,
        javaScriptEnabled: false,
      });
      const page = await context.newPage();
      await page.goto(METRO);
      expect(new URL(page.url()).pathname).toBe(METRO);
      await expect(page.locator("h1.article__title")).toHaveText(metro.title);
      await context.close();
    });
  });
});

test.describe("the /pc wrapper", () => {
  test("frames a page of this site", async ({ tab: page }) => {
    const response = await page.goto(pcUrlFor(METRO));
    expect(response?.status()).toBe(200);
    await expect(page.locator("iframe.pc__frame")).toHaveAttribute("src", `${E2E_ORIGIN}${METRO}`);
  });

  const refused: Array<[string, string]> = [
    ["another origin", "https://example.com/"],
    ["another origin under our base path", "https://example.com/davmu/share/"],
    ["a protocol-relative URL", "//evil.example/davmu/share/"],
    ["a javascript: URL", "javascript:alert(1)"],
    ["a data: URL", "data:text/html,<script>alert(1)</script>"],
    ["our origin outside the base path", `${E2E_ORIGIN}/other/`],
    ["a look-alike base path", `${E2E_ORIGIN}/davmu/sharex/`],
    ["a path that climbs out of the base path", `${E2E_ORIGIN}/davmu/share/../../other/`],
  ];
  for (const [what, target] of refused) {
    test(`refuses ${what} with HTTP 400 and no iframe`, async ({ tab: page }) => {
      const response = await page.goto(`${BASE}pc?url=${encodeURIComponent(target)}`);
      expect(response?.status()).toBe(400);
      await expect(page.locator("iframe")).toHaveCount(0);
    });
  }

  test("refuses a missing url parameter @once", async ({ request }) => {
    const response = await request.get(`${BASE}pc`);
    expect(response.status()).toBe(400);
  });
});

test.describe("the client-side width rule", () => {
  test.skip(({ phone }) => !phone.js, "the width rule runs in the page");

  test("a phone user agent in a wide landscape window moves to /pc", async ({ browser }, testInfo) => {
    const context = await browser.newContext({
      ...testInfo.project.use,
      baseURL: E2E_ORIGIN,
      viewport: { width: 1280, height: 800 },
    });
    const page = await context.newPage();
    await page.goto(METRO);
    await expect(page).toHaveURL(new RegExp(`${BASE}pc\\?url=`));
    const target = new URL(page.url()).searchParams.get("url") ?? "";
    expect(new URL(target).pathname).toBe(METRO);
    await expect(page.frameLocator("iframe.pc__frame").locator("h1.article__title")).toHaveText(metro.title);
    await context.close();
  });

  test("a phone at phone size stays on the page", async ({ page }) => {
    await page.clock.install();
    await page.goto(METRO);
    await expect(page).toHaveURL(/\?_t=\d+$/);
    await page.clock.runFor(2000);
    expect(new URL(page.url()).pathname).toBe(METRO);
    await expect(page.locator("h1.article__title")).toHaveText(metro.title);
  });
});
