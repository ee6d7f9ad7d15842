import type { ContentType } from "./content-shapes";
import { ACCOUNT, coverName, type SeedArticle } from "./seed-articles";

/** What the seed says of one content item, and the helper the seed's later additions build theirs with. */

/** An article's fields, with the item's type and any number of covers; the rest is what other types add. */
export type ContentSeed = Omit<SeedArticle, "cover" | "body"> & {
  type: ContentType;
  covers: string[];
  body?: string;
  /** Media file names in platform/media: the MP4 or audio file, and the HLS playlist of a video. */
  media?: string;
  hls?: string;
  /** Pixel size of a video. */
  size?: [number, number];
  durationSec?: number;
  images?: Picture[];
  payload?: Record<string, string | number | boolean>;
  albumFinished?: boolean;
  /** Album episodes, in order. */
  children?: number[];
  /** A special topic's sections, each with its cards in order. */
  sections?: { name: string; items: number[] }[];
};

/**
 * A gallery picture: files in platform/media (the picture, its WebP at the same size and a smaller thumbnail), their
 * pixel size (the swipe viewer needs it up front) and caption.
 */
export type Picture = { url: string; webp: string; thumb: string; width: number; height: number; description: string };

/**
 * A newsroom item of the seed's later additions: published by 大目新闻, older than the hot list's 72 hours and than
 * the home page's first pages, so it shows in its group's tab without moving what the other tests read.
 */
export const newsroomItem = (
  id: number,
  type: ContentSeed["type"],
  [title, summary]: [string, string],
  cover: number,
  hoursAgo: number,
  group: number,
  more: Pick<ContentSeed, "payload" | "body">,
): ContentSeed => ({
  id,
  type,
  title,
  summary,
  source: "大目新闻",
  account: ACCOUNT.newsroom,
  covers: [coverName(cover)],
  hoursAgo,
  views: 1000 + id,
  likes: 10,
  collects: 2,
  groups: [group],
  ...more,
});
