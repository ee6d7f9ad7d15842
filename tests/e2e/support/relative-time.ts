import { formatRelativeDate, pageNow } from "../../../app/lib/relative-date";

/**
 * What a page rendered between `before` and `after` (epoch ms) shows as the relative time of `dateTime`: pages
 * count relative dates from the start of their minute (lib/relative-date.ts pageNow), so an item seeded exactly
 * two hours ago reads 1小时前 until the minute after the seed.
 */
export function relativeTimesBetween(dateTime: string | null, before: number, after: number): string[] {
  return [...new Set([before, after].map((at) => formatRelativeDate(dateTime ?? "", new Date(pageNow(at)))))];
}
