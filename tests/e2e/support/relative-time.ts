import { expect, type Page } from "@playwright/test";

/**
 * The time a page counts its relative dates from (its loader's `now`, lib/relative-date.ts pageNow), read from the
 * data the page carries: a stored page may have been rendered a minute or more before it was served.
 */
export async function pageClock(page: Page): Promise<Date> {
  const found = /\\?"now\\?",\\?"(\d{4}-\d\d-\d\dT[\d:.]+Z)/.exec(await page.content());
  expect(found, "the page's clock in the data it carries").toBeTruthy();
  return new Date(found![1]);
}
