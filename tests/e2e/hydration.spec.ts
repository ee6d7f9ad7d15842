import { expect, test } from "./support/test";
import { BASE_PATH } from "../../app/lib/base-path";
import { hydrationErrors, waitForHydrationCommitted } from "./support/hydration";

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

// The page paints from its HTML and stylesheet; its scripts only hydrate it, so they are fetched at low priority
// (root.tsx, and Remix's preloads of them through patches/): the stylesheet and the first picture go first.
test("@once the scripts a page asks for up front, and their preloads, are fetched at low priority", async ({ request }) => {
  const home = await (await request.get(BASE_PATH)).text();
  const article = home.match(/href="([^"]*\/doc\/[^"]*index\.html)"/)?.[1];
  expect(article, "the home page links to an article").toBeTruthy();
  for (const html of [home, await (await request.get(article!)).text()]) {
    const tags = [...html.matchAll(/<link rel="modulepreload"[^>]*>|<script type="module"[^>]*>/g)].map(([tag]) => tag);
    expect(tags.length).toBeGreaterThan(1);
    expect(tags.filter((tag) => !tag.includes('fetchpriority="low"'))).toEqual([]);
  }
});
