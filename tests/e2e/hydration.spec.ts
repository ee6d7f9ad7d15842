import type { APIRequestContext } from "@playwright/test";
import { expect, test } from "./support/test";
import { BASE_PATH } from "../../app/lib/base-path";
import { ENTRY_MODULE, hydrationErrors, waitForHydrationCommitted } from "./support/hydration";

// Pages whose parts load as chunks of their own (detail bodies, the bottom bar) must hydrate what the server sent,
// not throw it away: React reports a mismatch as error #418 and renders the whole page again on the client.
// One browser is enough (@once): the chunks are the same on every phone profile.

const TYPES = ["doc", "video", "svideo", "audio", "local_live"];

test("@once the home page and a page of each type with a chunked body hydrate without a mismatch", async ({ page }) => {
  const errors = hydrationErrors(page);
  await page.goto(BASE_PATH);
  const links = await page.locator("a.card__link").evaluateAll((anchors) => anchors.map((a) => (a as HTMLAnchorElement).pathname));
  const urls = [BASE_PATH, ...TYPES.map((type) => links.find((path) => path.includes(`/${type}/`)))];
  expect(urls.every(Boolean), `the home page links to every type of ${TYPES.join(", ")}`).toBe(true);
  for (const url of urls) {
    await page.goto(url!);
    await waitForHydrationCommitted(page);
  }
  expect(errors).toEqual([]);
});

// The page paints from its HTML and stylesheet; its scripts only hydrate it, so they start once the hero picture is
// in (ScriptsAfterHero in app/framework/remix-internals.tsx): on a slow network the picture gets the bandwidth first.

/** A detail page of the seed with a hero picture, and that picture's address (the head's preload). */
async function pageWithHero(request: APIRequestContext): Promise<{ url: string; hero: string; html: string }> {
  const home = await (await request.get(BASE_PATH)).text();
  const url = home.match(/href="([^"]*\/doc\/[^"]*index\.html)"/)?.[1];
  expect(url, "the home page links to an article").toBeTruthy();
  const html = await (await request.get(url!)).text();
  const hero = html.match(/<link rel="preload" as="image" href="([^"]+)" fetchpriority="high"/)?.[1];
  expect(hero, `the head of ${url} preloads its hero picture`).toBeTruthy();
  return { url: url!, hero: hero!, html };
}

test("@once the HTML asks for no script up front: the scripts wait, at low priority, for the hero picture", async ({ request }) => {
  const { html } = await pageWithHero(request);
  const home = await (await request.get(BASE_PATH)).text();
  for (const page of [home, html]) {
    expect(page.match(/<link rel="modulepreload"[^>]*>|<script type="module"[^>]*>/g)).toBeNull();
    const waiting = page.match(/<script fetchpriority="low" type="text\/x-module-after-hero" data-modulepreload="([^"]+)">/)?.[1];
    expect(
      waiting?.split(" ").some((href) => ENTRY_MODULE.test(href)),
      "the waiting module script lists the entry among its preloads",
    ).toBe(true);
  }
  // The hero's preload comes before the stylesheet, so that the picture is asked for as early as the head allows.
  expect(html.indexOf('<link rel="preload" as="image"')).toBeLessThan(html.indexOf('<link rel="stylesheet"'));
});

test("@once a page's scripts start once its hero picture is in, and the page then hydrates", async ({ page, request }) => {
  const { url, hero } = await pageWithHero(request);
  const events: string[] = [];
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(`**${hero}`, async (route) => {
    events.push("hero asked");
    await held;
    events.push("hero answered");
    await route.continue();
  });
  page.on("request", (asked) => {
    if (ENTRY_MODULE.test(asked.url())) events.push("entry asked");
  });
  await page.goto(url, { waitUntil: "domcontentloaded" });
  await expect.poll(() => events).toContain("hero asked");
  expect(events).not.toContain("entry asked");
  release();
  await waitForHydrationCommitted(page);
  expect(events.indexOf("entry asked")).toBeGreaterThan(events.indexOf("hero answered"));
});

test("@once a hero picture that fails or never comes does not keep the page from hydrating", async ({ page, request }) => {
  const { url, hero } = await pageWithHero(request);
  await page.route(`**${hero}`, (route) => route.abort());
  await page.goto(url);
  await waitForHydrationCommitted(page);
  await page.unroute(`**${hero}`);
  // Never answered: the page neither loads nor hears from the picture, and its scripts start after HERO_WAIT_MS.
  await page.route(`**${hero}`, () => undefined);
  await page.goto(url, { waitUntil: "domcontentloaded" });
  await waitForHydrationCommitted(page);
});
