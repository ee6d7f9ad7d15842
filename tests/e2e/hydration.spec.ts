import { expect, test } from "@playwright/test";
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
