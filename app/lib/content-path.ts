import { shanghaiDateParts } from "~/lib/relative-date";

/** Detail path segments of the route /{actor}/{type}/{year}/{month}/{post_id}/index.html (spec section 2). */
export const DETAIL_SEGMENTS = [
  "doc",
  "audio",
  "audio_album",
  "gallery",
  "local_live",
  "mini_program",
  "svideo",
  "video",
  "video_album",
] as const;

export type DetailSegment = (typeof DETAIL_SEGMENTS)[number];

export type ContentTypeInfo = {
  /** The page kind passed to the native app when opening this content (spec section 3). */
  stype: string;
  /** The content series name (spec section 3). */
  series: string;
  /** The share-site path segment of the detail page. */
  segment: DetailSegment | "special";
};

/** Spec section 3 content type map, plus the path segment each type's detail page lives under. */
export const CONTENT_TYPE_MAP = {
  article: { stype: "docDetailspage", series: "imagetext", segment: "doc" },
  special: { stype: "specialHomepage", series: "special", segment: "special" },
  video: { stype: "videoDetailspage", series: "video", segment: "video" },
  svideo: { stype: "mpVideoDetailspage", series: "svideo", segment: "svideo" },
  audio: { stype: "audioDetailspage", series: "audio", segment: "audio" },
  image: { stype: "galleryDetailspage", series: "atlas", segment: "gallery" },
  video_album: { stype: "videoAlbumDetailspage", series: "video_album", segment: "video_album" },
  audio_album: { stype: "audioAlbumDetailspage", series: "audio_album", segment: "audio_album" },
  mini_program: { stype: "miniProgramDetailspage", series: "mini_program", segment: "mini_program" },
  local_live: { stype: "localLiveDetailspage", series: "local_live", segment: "local_live" },
} as const satisfies Record<string, ContentTypeInfo>;

export type MappedContentType = keyof typeof CONTENT_TYPE_MAP;

export function contentTypeInfo(contentType: string): ContentTypeInfo | undefined {
  // Not Object.hasOwn: older Android webviews in the audience lack it, and the build does not polyfill.
  return Object.prototype.hasOwnProperty.call(CONTENT_TYPE_MAP, contentType) ? CONTENT_TYPE_MAP[contentType as MappedContentType] : undefined;
}

export type ContentPathInput = {
  content_type: string;
  post_id: string;
  publish_at: string;
  payload?: { url?: string };
};

/**
 * Where a piece of content lives on the share site, relative to the base path, e.g.
 * '/news/doc/2026/11/<post_id>/index.html' (year and month of publish_at in UTC+8).
 * Link content returns its own absolute http(s) URL instead; unknown types and links
 * without a usable URL fall back to the document page. An unparseable publish_at gives
 * '0000/00': the detail route only reads the post id, so the page still opens.
 */
export function contentPath(c: ContentPathInput, actor = "news"): string {
  if (c.content_type === "link" && c.payload?.url && /^https?:\/\//i.test(c.payload.url)) return c.payload.url;
  const segment = contentTypeInfo(c.content_type)?.segment ?? "doc";
  const date = shanghaiDateParts(c.publish_at);
  const yearMonth = date ? `${date.YYYY}/${date.MM}` : "0000/00";
  return `/${encodeURIComponent(actor)}/${segment}/${yearMonth}/${encodeURIComponent(c.post_id)}/index.html`;
}
