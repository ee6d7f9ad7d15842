import { describe, expect, it } from "vitest";
import { detailShareMeta, isoDuration, mediaType, type ShareMetaInput } from "./share-meta";

const canonical = "https://share.example.com/davmu/share/news/video/2026/11/Xk9aQ/index.html";
const content: ShareMetaInput["content"] = {
  content_type: "video",
  title: "长江边的清晨",
  summary: "江面上的第一班渡轮。",
  source_alias: "城市频道",
  mp_name: "",
  publish_at: "2026-11-05 10:00:00",
  duration_str: "03:25",
  cover: "/davmu/share/_platform/media/cover.jpg",
  media_url: "/davmu/share/_platform/media/river.mp4",
};
const site = { name: "大目新闻", description: "打开APP，看更多精彩" };

type Tag = Record<string, unknown>;

function property(meta: ReturnType<typeof detailShareMeta>, name: string) {
  return (meta as Tag[]).find((m) => m.property === name)?.content;
}
function jsonLd(meta: ReturnType<typeof detailShareMeta>) {
  return (meta as Tag[]).find((m) => "script:ld+json" in m)?.["script:ld+json"] as Tag;
}

describe("detailShareMeta", () => {
  it("describes a video as video.other with og:video and a VideoObject", () => {
    const meta = detailShareMeta({ content, canonical, site });
    expect(meta[0]).toEqual({ title: "长江边的清晨 - 大目新闻" });
    expect(property(meta, "og:type")).toBe("video.other");
    expect(property(meta, "og:video")).toBe("https://share.example.com/davmu/share/_platform/media/river.mp4");
    expect(property(meta, "og:image")).toBe("https://share.example.com/davmu/share/_platform/media/cover.jpg");
    expect(property(meta, "og:video:type")).toBe("video/mp4");
    expect(property(meta, "og:audio")).toBeUndefined();
    expect(jsonLd(meta)).toMatchObject({
      encodingFormat: "video/mp4",
      "@context": "https://schema.org",
      "@type": "VideoObject",
      name: "长江边的清晨",
      uploadDate: "2026-11-05T02:00:00.000Z",
      contentUrl: "https://share.example.com/davmu/share/_platform/media/river.mp4",
      duration: "PT3M25S",
      thumbnailUrl: ["https://share.example.com/davmu/share/_platform/media/cover.jpg"],
    });
    expect(meta).toContainEqual({ tagName: "link", rel: "canonical", href: canonical });
  });

  it("describes an article as a NewsArticle with its published time", () => {
    const meta = detailShareMeta({ content: { ...content, content_type: "article", media_url: "" }, canonical, site });
    expect(property(meta, "og:type")).toBe("article");
    expect(property(meta, "og:video")).toBeUndefined();
    expect(property(meta, "article:published_time")).toBe("2026-11-05T02:00:00.000Z");
    expect(jsonLd(meta)).toMatchObject({ "@type": "NewsArticle", headline: "长江边的清晨", author: { name: "城市频道" } });
  });

  it("gives audio og:audio and an AudioObject, a gallery an ImageGallery, an album a CollectionPage", () => {
    const audio = detailShareMeta({ content: { ...content, content_type: "audio", media_url: "/a.mp3" }, canonical, site });
    expect(property(audio, "og:type")).toBe("music.song");
    expect(property(audio, "og:audio")).toBe("https://share.example.com/a.mp3");
    expect(property(audio, "og:audio:type")).toBe("audio/mpeg");
    expect(jsonLd(audio)["@type"]).toBe("AudioObject");
    expect(jsonLd(detailShareMeta({ content: { ...content, content_type: "image" }, canonical, site }))["@type"]).toBe("ImageGallery");
    expect(jsonLd(detailShareMeta({ content: { ...content, content_type: "audio_album" }, canonical, site }))["@type"]).toBe("CollectionPage");
  });

  it("lists every gallery picture, with its caption, in the ImageGallery", () => {
    const pictures = [
      { url: "/m/1.jpg", description: "黎明" },
      { url: "https://cdn.example.com/2.jpg", description: "" },
    ];
    const gallery = jsonLd(detailShareMeta({ content: { ...content, content_type: "image" }, canonical, site, pictures }));
    expect(gallery.image).toEqual([
      { "@type": "ImageObject", contentUrl: "https://share.example.com/m/1.jpg", caption: "黎明" },
      { "@type": "ImageObject", contentUrl: "https://cdn.example.com/2.jpg" },
    ]);
  });

  it("falls back to the site description, then the default text, and leaves out images it does not have", () => {
    const meta = detailShareMeta({ content: { ...content, summary: "", cover: "" }, canonical, site: { name: "", description: "" } });
    expect(meta).toContainEqual({ name: "description", content: "打开APP，查看更多精彩内容" });
    expect(meta[0]).toEqual({ title: "长江边的清晨 - 精彩内容" });
    expect(property(meta, "og:image")).toBeUndefined();
    expect(meta).toContainEqual({ name: "twitter:card", content: "summary" });
  });
});

describe("mediaType", () => {
  it("names the media type by the file's extension, ignoring the query", () => {
    expect(mediaType("https://cdn.example.com/v/river.MP4?sign=1")).toBe("video/mp4");
    expect(mediaType("/media/river.m3u8")).toBe("application/vnd.apple.mpegurl");
    expect(mediaType("/media/news.m4a")).toBe("audio/mp4");
  });
  it("says nothing for an address without a known extension", () => {
    expect(mediaType("https://cdn.example.com/play?id=3")).toBe("");
    expect(mediaType("/media/file.exe")).toBe("");
  });
});

describe("isoDuration", () => {
  it.each([
    ["03:25", "PT3M25S"],
    ["1:02:03", "PT1H2M3S"],
    ["45", "PT45S"],
    ["10:00", "PT10M"],
    ["00:00", ""],
    ["", ""],
    ["三分钟", ""],
  ])("%s → %s", (input, expected) => {
    expect(isoDuration(input)).toBe(expected);
  });
});
