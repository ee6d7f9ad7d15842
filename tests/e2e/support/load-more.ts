import { expect, type Page } from "@playwright/test";
import { waitForHydration } from "./hydration";

/** Marks the document, so a later check can tell a fetch-and-append from a page load. */
async function markDocument(page: Page) {
  await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));
}

/** With JavaScript, load-more appended in place: the document marked before the click is still there. */
export async function expectSameDocument(page: Page, js: boolean) {
  if (!js) return;
  expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
}

/** Clicks load-more: without JavaScript the page reloads with one more page (`?page=2`); with it, the next page is fetched. */
export async function loadMore(page: Page, js: boolean) {
  const more = page.locator("a.load-more");
  if (!js) {
    await more.click();
    await expect(page).toHaveURL(/[?&]page=2/);
  } else {
    await waitForHydration(page, "a.load-more");
    await markDocument(page);
    await more.click();
  }
}
