import type { Page } from "@playwright/test";
import { expect, test } from "./support/test";
import { SEED_FIXTURES } from "../../platform/seed";
import { E2E_ORIGIN } from "./support/e2e-server";
import { hydrationErrors, waitForHydration, waitForHydrationCommitted } from "./support/hydration";
import { seedArticle } from "./support/seed-content";
import { articleUrl, detailUrl } from "./support/urls";

/**
 * Pages are dark when the phone prefers a dark scheme and when the app opens them with `dark=1`, which
 * the site keeps for the visit; dark from the first frame (no light flash), with the browser's bar dark too, and the
 * page cache never serving one scheme's page for the other (app/lib/color-scheme.ts).
 */

const HOME = "/davmu/share/";
const ARTICLE = articleUrl(SEED_FIXTURES.article);
/** app.css: --bg of each scheme. */
const DARK_BACKGROUND = "rgb(20, 21, 24)";
const LIGHT_BACKGROUND = "rgb(255, 255, 255)";

type FirstFrame = { background: string; scheme: string | null };

/** Records the page's background as its first frame paints it: at the first animation frame, which precedes it. */
async function recordFirstFrame(page: Page) {
  await page.addInitScript(() => {
    (window as unknown as { firstFrame: Promise<FirstFrame> }).firstFrame = new Promise((resolve) =>
      requestAnimationFrame(() =>
        resolve({
          background: document.body ? getComputedStyle(document.body).backgroundColor : "no body yet",
          scheme: document.documentElement.getAttribute("data-scheme"),
        }),
      ),
    );
  });
}

/** The first frame's background with JavaScript on; without it (no init script runs) the loaded page's. */
async function firstBackground(page: Page, javaScriptEnabled: boolean): Promise<string> {
  if (javaScriptEnabled) return (await page.evaluate(() => (window as unknown as { firstFrame: Promise<FirstFrame> }).firstFrame)).background;
  return page.evaluate(() => getComputedStyle(document.body).backgroundColor);
}

const background = (page: Page) => page.evaluate(() => getComputedStyle(document.body).backgroundColor);

/** The colour the browser's bar takes: the first theme-color meta whose media query matches. */
const barColour = (page: Page) =>
  page.evaluate(
    () =>
      [...document.querySelectorAll<HTMLMetaElement>('meta[name="theme-color"]')].find(
        (meta) => matchMedia(meta.getAttribute("media") ?? "all").matches,
      )?.content,
  );

test.describe("on a phone that prefers a dark scheme", () => {
  test.use({ colorScheme: "dark" });

  test("pages are dark from their first frame, the browser's bar and the page's controls too", async ({ page, javaScriptEnabled }) => {
    await recordFirstFrame(page);
    for (const url of [HOME, ARTICLE, detailUrl(SEED_FIXTURES.localLive, "local_live")]) {
      await page.goto(url);
      expect(await firstBackground(page, javaScriptEnabled), url).toBe(DARK_BACKGROUND);
      expect(await barColour(page), url).toBe("#1c1e22");
      expect(await page.evaluate(() => getComputedStyle(document.documentElement).colorScheme), url).toBe("dark");
      // Text in the theme colour turns to its shade for dark backgrounds; fills under white text keep theirs.
      await expect(page.locator(".banner")).toHaveCSS("background-color", "rgb(28, 30, 34)");
    }
    await expect(page.locator(".live-tabs__tab[aria-selected='true']")).toHaveCSS("color", "rgb(255, 82, 47)");
    await expect(page.locator(".banner__open")).toHaveCSS("background-color", "rgb(215, 62, 30)");
  });

  test("the app's dark=0 keeps the visit light", async ({ page, javaScriptEnabled }) => {
    test.skip(!javaScriptEnabled, "a visit's flag is kept by the page's script");
    await recordFirstFrame(page);
    await page.goto(`${HOME}?dark=0`);
    expect(await firstBackground(page, javaScriptEnabled)).toBe(LIGHT_BACKGROUND);
    expect(await barColour(page)).toBe("#FF4A26");
    await page.goto(ARTICLE);
    expect(await firstBackground(page, javaScriptEnabled)).toBe(LIGHT_BACKGROUND);
  });
});

test.describe("on a phone set to light", () => {
  test.use({ colorScheme: "light" });

  test("a page opened with dark=1 is dark from its first frame", async ({ page, javaScriptEnabled }) => {
    const errors = hydrationErrors(page);
    await recordFirstFrame(page);
    await page.goto(`${ARTICLE}?dark=1`);
    expect(await firstBackground(page, javaScriptEnabled)).toBe(DARK_BACKGROUND);
    expect(await barColour(page)).toBe("#1c1e22");
    if (javaScriptEnabled) {
      await waitForHydrationCommitted(page);
      // The server marks the flagged address and the script the visit: hydration takes both as they are.
      expect(errors).toEqual([]);
    }
  });

  test("the app's dark=1 is kept for the visit: across navigations and page loads, not into a new visit", async ({
    page,
    javaScriptEnabled,
    browser,
  }) => {
    test.skip(!javaScriptEnabled, "a visit's flag is kept by the page's script; without it only the flagged address is dark");
    await recordFirstFrame(page);
    await page.goto(`${HOME}?dark=1`);
    expect(await firstBackground(page, javaScriptEnabled)).toBe(DARK_BACKGROUND);
    await waitForHydration(page, ".card-list");
    // A navigation in the page: the root renders again without the flag in its address.
    const card = page.locator(".card-list a.card__link[href*='/doc/']").first();
    const target = await card.getAttribute("href");
    await card.click();
    await expect(page).toHaveURL(new RegExp(`${target}`));
    await expect(page.locator("h1.article__title")).toBeVisible();
    expect(await background(page)).toBe(DARK_BACKGROUND);
    // A page loaded whole, without the flag.
    await page.goto(detailUrl(SEED_FIXTURES.gallery, "gallery"));
    expect(await firstBackground(page, javaScriptEnabled)).toBe(DARK_BACKGROUND);
    expect(await barColour(page)).toBe("#1c1e22");
    // Another visit follows the phone again.
    const other = await browser.newPage({ colorScheme: "light" });
    await other.goto(`${E2E_ORIGIN}${detailUrl(SEED_FIXTURES.gallery, "gallery")}`);
    expect(await background(other)).toBe(LIGHT_BACKGROUND);
    await other.close();
  });

  test("the open login sheet and the app-open dialog are dark with the page", async ({ page, javaScriptEnabled }) => {
    test.skip(!javaScriptEnabled, "the sheet opens with the page's script");
    await page.goto(`${ARTICLE}?dark=1`);
    await waitForHydration(page, ".banner__login");
    await page.locator(".banner__login").click();
    await expect(page.locator(".sheet__panel")).toHaveCSS("background-color", "rgb(28, 30, 34)");
    await expect(page.locator(".login__field input").first()).toHaveCSS("color", "rgb(230, 232, 235)");
    await page.locator(".sheet__close").click();
    await page.goto(`${ARTICLE}#app-open`);
    await expect(page.locator(".app-open__box")).toHaveCSS("background-color", "rgb(28, 30, 34)");
    await expect(page.locator(".footer-bar")).toHaveCSS("background-color", "rgb(28, 30, 34)");
  });
});

test("the page cache keeps each scheme's page to its own address @once", async ({ playwright }) => {
  const quiet = articleUrl(seedArticle(5).id);
  const request = await playwright.request.newContext({ baseURL: E2E_ORIGIN });
  const scheme = (html: string) => /<html[^>]*\sdata-scheme="(\w+)"/.exec(html)?.[1] ?? null;
  // Each address twice, the second answer from the cache, in an order that would hand the first one's page on.
  for (const [url, expected] of [
    [`${quiet}?dark=1`, "dark"],
    [quiet, null],
    [`${quiet}?dark=0`, "light"],
    [`${quiet}?dark=1&_t=5`, "dark"],
  ] as const) {
    for (let answer = 0; answer < 2; answer++) {
      const response = await request.get(url);
      expect(response.status()).toBe(200);
      expect(scheme(await response.text()), `${url}, answer ${answer + 1}`).toBe(expected);
    }
    expect((await request.get(url)).headers()["x-cache"], url).toMatch(/HIT|STALE/);
  }
  await request.dispose();
});
