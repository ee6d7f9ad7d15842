import { expect, type Page } from "@playwright/test";
import { formatRelativeDate, pageNow } from "../../../app/lib/relative-date";

/**
 * What a page rendered between `before` and `after` (epoch ms) shows as the relative time of `dateTime`: pages
 * count relative dates from the start of their minute (lib/relative-date.ts pageNow), so an item seeded exactly
 * two hours ago reads 1小时前 until the minute after the seed.
 */
export function relativeTimesBetween(dateTime: string | null, before: number, after: number): string[] {
  return [...new Set([before, after].map((at) => formatRelativeDate(dateTime ?? "", new Date(pageNow(at)))))];
}

/**
 * The time a page counts its relative dates from (its loader's `now`, lib/relative-date.ts pageNow), read from the
 * data the page carries: a stored page may have been rendered a minute or more before it was served.
 */
export async function pageClock(page: Page): Promise<Date> {
  const found = /\\?"now\\?",\\?"(\d{4}-\d\d-\d\dT[\d:.]+Z)/.exec(await page.content());
  expect(found, "the page's clock in the data it carries").toBeTruthy();
  return new Date(found![1]);
}
