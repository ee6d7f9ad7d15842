/** The content-type registry: every per-type rule of the site derives from this one table (spec sections 2 and 3). */

export type BadgeIcon = "video" | "svideo" | "audio" | "image" | "audio_album" | "video_album" | "live" | "mini_program" | "topic" | "h5" | "special";

export type BodyKind =
  "article" | "video" | "svideo" | "audio" | "gallery" | "audio_album" | "video_album" | "mini_program" | "special" | "local_live";

export type OgType = "article" | "video.other" | "music.song" | "music.album" | "website";

export type SchemaType = "NewsArticle" | "VideoObject" | "AudioObject" | "ImageGallery" | "CollectionPage" | "WebPage";

export type DetailLayout = {
  /** Spec: hidden for audio_album, svideo, special, local_live. */
  commentFooter: boolean;
  /** Wherever the comment bar is, so a comment posted there shows. */
  commentList: boolean;
  /** Spec: hidden for gallery, audio_album, svideo, special, local_live. */
  bottomLists: boolean;
  footer: "default" | "gallery";
};

export type DetailPage = {
  segment: string;
  /** Special topics require 'index' (spec section 2). */
  index: "index.html" | "index";
  body: BodyKind;
  layout: DetailLayout;
  og: OgType;
  schema: SchemaType;
};

export type Destination = "payload_url" | "topic" | "special" | "live";

export type ContentTypeEntry = {
  badge: { label: string; icon: BadgeIcon } | null;
  app: { stype: string; series?: string } | null;
  page: DetailPage | null;
  destination?: Destination;
};

const FULL: DetailLayout = { commentFooter: true, commentList: true, bottomLists: true, footer: "default" };
const BARE: DetailLayout = { commentFooter: false, commentList: false, bottomLists: false, footer: "default" };

function page(
  segment: string,
  body: BodyKind,
  layout: DetailLayout,
  og: OgType,
  schema: SchemaType,
  index: DetailPage["index"] = "index.html",
): DetailPage {
  return { segment, index, body, layout, og, schema };
}

export const CONTENT_TYPES = {
  article: {
    badge: null,
    app: { stype: "docDetailspage", series: "imagetext" },
    page: page("doc", "article", FULL, "article", "NewsArticle"),
  },
  special: {
    badge: null,
    app: { stype: "specialHomepage", series: "special" },
    page: page("special", "special", BARE, "website", "CollectionPage", "index"),
  },
  video: {
    badge: { label: "视频", icon: "video" },
    app: { stype: "videoDetailspage", series: "video" },
    page: page("video", "video", FULL, "video.other", "VideoObject"),
  },
  svideo: {
    badge: { label: "短视频", icon: "svideo" },
    app: { stype: "mpVideoDetailspage", series: "svideo" },
    page: page("svideo", "svideo", BARE, "video.other", "VideoObject"),
  },
  audio: {
    badge: { label: "音频", icon: "audio" },
    app: { stype: "audioDetailspage", series: "audio" },
    page: page("audio", "audio", FULL, "music.song", "AudioObject"),
  },
  image: {
    badge: { label: "图集", icon: "image" },
    app: { stype: "galleryDetailspage", series: "atlas" },
    page: page("gallery", "gallery", { commentFooter: true, commentList: true, bottomLists: false, footer: "gallery" }, "article", "ImageGallery"),
  },
  video_album: {
    badge: { label: "视频专辑", icon: "video_album" },
    app: { stype: "videoAlbumDetailspage", series: "video_album" },
    page: page("video_album", "video_album", FULL, "website", "CollectionPage"),
  },
  audio_album: {
    badge: { label: "音频专辑", icon: "audio_album" },
    app: { stype: "audioAlbumDetailspage", series: "audio_album" },
    page: page("audio_album", "audio_album", BARE, "music.album", "CollectionPage"),
  },
  mini_program: {
    badge: { label: "小程序", icon: "mini_program" },
    app: { stype: "miniProgramDetailspage", series: "mini_program" },
    page: page("mini_program", "mini_program", FULL, "website", "WebPage"),
  },
  local_live: {
    badge: { label: "直播", icon: "live" },
    app: { stype: "localLiveDetailspage", series: "local_live" },
    page: page("local_live", "local_live", BARE, "video.other", "VideoObject"),
  },
  link: { badge: null, app: { stype: "linkDetailspage" }, page: null, destination: "payload_url" },
  h5: { badge: { label: "H5", icon: "h5" }, app: null, page: null, destination: "payload_url" },
  cloud_form: { badge: null, app: null, page: null, destination: "payload_url" },
  topic: { badge: { label: "话题", icon: "topic" }, app: null, page: null, destination: "topic" },
  sp_topic: { badge: { label: "专题", icon: "special" }, app: null, page: null, destination: "special" },
  live: { badge: null, app: null, page: null, destination: "live" },
} as const satisfies Record<string, ContentTypeEntry>;

export type ContentType = keyof typeof CONTENT_TYPES;

export function contentTypeEntry(contentType: string): ContentTypeEntry | undefined {
  // Not Object.hasOwn: older Android webviews in the audience lack it, and the build does not polyfill.
  return Object.prototype.hasOwnProperty.call(CONTENT_TYPES, contentType) ? CONTENT_TYPES[contentType as ContentType] : undefined;
}

export const PAGE_TYPES: ReadonlyArray<{ type: ContentType; page: DetailPage }> = Object.entries(CONTENT_TYPES).flatMap(
  ([type, entry]: [string, ContentTypeEntry]) => (entry.page ? [{ type: type as ContentType, page: entry.page }] : []),
);

export function typeOfSegment(segment: string): { type: ContentType; page: DetailPage } | undefined {
  return PAGE_TYPES.find((candidate) => candidate.page.segment === segment);
}
