import type { MetaDescriptor } from "@remix-run/node";
import { contentTypeEntry, type SchemaType } from "~/lib/content-types";
import { inPageLanguage } from "~/lib/languages";
import { HLS_MIME } from "~/lib/media-playback";
import { parseDate } from "~/lib/relative-date";

export type ShareableContent = {
  content_type: string;
  title: string;
  summary: string;
  source_alias: string;
  mp_name: string;
  publish_at: string;
  duration_str: string;
  cover: string;
  media_url: string;
};

export type ShareMetaInput = {
  content: ShareableContent;
  canonical: string;
  site: { name: string; description: string };
  pictures?: ReadonlyArray<{ url: string; description: string }>;
};

export function isoDuration(durationStr: string): string {
  if (!/^\d+(:\d{1,2}){0,2}$/.test(durationStr.trim())) return "";
  const parts = durationStr.trim().split(":").map(Number);
  const [hours, minutes, seconds] = [0, 0, 0, ...parts].slice(-3);
  const total = hours * 3600 + minutes * 60 + seconds;
  if (total === 0) return "";
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  return `PT${h ? `${h}H` : ""}${m ? `${m}M` : ""}${s ? `${s}S` : ""}`;
}

const MEDIA_TYPES: Record<string, string> = {
  mp4: "video/mp4",
  webm: "video/webm",
  m3u8: HLS_MIME,
  m4a: "audio/mp4",
  aac: "audio/aac",
  mp3: "audio/mpeg",
};

export function mediaType(href: string): string {
  const extension = /\.([a-z0-9]+)$/i.exec(new URL(href, "http://x").pathname)?.[1]?.toLowerCase() ?? "";
  return MEDIA_TYPES[extension] ?? "";
}

function isoDate(value: string): string {
  const date = parseDate(value);
  return Number.isNaN(date.getTime()) ? value : date.toISOString();
}

export function detailShareMeta({ content, canonical, site, pictures = [] }: ShareMetaInput): MetaDescriptor[] {
  const page = contentTypeEntry(content.content_type)?.page;
  const og = page?.og ?? "article";
  const schema = page?.schema ?? "NewsArticle";
  const siteName = site.name || "精彩内容";
  const description = content.summary || site.description || "打开APP，查看更多精彩内容";
  const absolute = (href: string) => (href ? new URL(href, canonical).href : "");
  const image = absolute(content.cover);
  const media = absolute(content.media_url);
  const format = media ? mediaType(media) : "";
  const published = isoDate(content.publish_at);
  const duration = isoDuration(content.duration_str);
  const author = content.mp_name || content.source_alias || siteName;
  const isVideo = og === "video.other";
  const isAudio = og === "music.song";

  const openGraph: MetaDescriptor[] = [
    { property: "og:type", content: og },
    { property: "og:site_name", content: siteName },
    { property: "og:title", content: content.title },
    { property: "og:description", content: description },
    { property: "og:url", content: canonical },
    ...(image ? [{ property: "og:image", content: image }] : []),
    ...(isVideo && media ? [{ property: "og:video", content: media }, ...(format ? [{ property: "og:video:type", content: format }] : [])] : []),
    ...(isAudio && media ? [{ property: "og:audio", content: media }, ...(format ? [{ property: "og:audio:type", content: format }] : [])] : []),
    ...(og === "article" ? [{ property: "article:published_time", content: published }] : []),
  ];

  const common = { name: content.title, description, url: canonical, ...(image ? { image: [image] } : {}) };
  const byType: Record<SchemaType, Record<string, unknown>> = {
    NewsArticle: {
      headline: content.title,
      description,
      datePublished: published,
      mainEntityOfPage: canonical,
      ...(image ? { image: [image] } : {}),
      author: { "@type": "Organization", name: author },
      publisher: { "@type": "Organization", name: siteName },
    },
    VideoObject: {
      ...common,
      uploadDate: published,
      ...(image ? { thumbnailUrl: [image] } : {}),
      ...(media ? { contentUrl: media } : {}),
      ...(format ? { encodingFormat: format } : {}),
      ...(duration ? { duration } : {}),
    },
    AudioObject: {
      ...common,
      datePublished: published,
      ...(media ? { contentUrl: media } : {}),
      ...(format ? { encodingFormat: format } : {}),
      ...(duration ? { duration } : {}),
      author: { "@type": "Organization", name: author },
    },
    ImageGallery: {
      ...common,
      datePublished: published,
      author: { "@type": "Organization", name: author },
      ...(pictures.length > 0
        ? {
            image: pictures.map((picture) => ({
              "@type": "ImageObject",
              contentUrl: absolute(picture.url),
              ...(picture.description ? { caption: picture.description } : {}),
            })),
          }
        : {}),
    },
    CollectionPage: { ...common, datePublished: published },
    WebPage: { ...common, datePublished: published },
  };

  return inPageLanguage(
    [
      { title: `${content.title} - ${siteName}` },
      { name: "description", content: description },
      { tagName: "link", rel: "canonical", href: canonical },
      ...openGraph,
      { name: "twitter:card", content: image ? "summary_large_image" : "summary" },
      { name: "twitter:title", content: content.title },
      { name: "twitter:description", content: description },
      ...(image ? [{ name: "twitter:image", content: image }] : []),
      { "script:ld+json": { "@context": "https://schema.org", "@type": schema, ...byType[schema] } },
    ],
    canonical,
  );
}
