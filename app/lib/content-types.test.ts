import { describe, expect, it } from "vitest";
import { CONTENT_TYPES, contentTypeEntry, PAGE_TYPES, typeOfSegment } from "./content-types";

describe("the content-type registry", () => {
  it("holds spec section 3's content type map", () => {
    const map = Object.fromEntries(Object.entries(CONTENT_TYPES).flatMap(([type, entry]) => (entry.app ? [[type, entry.app]] : [])));
    expect(map).toEqual({
      article: { stype: "docDetailspage", series: "imagetext" },
      special: { stype: "specialHomepage", series: "special" },
      video: { stype: "videoDetailspage", series: "video" },
      svideo: { stype: "mpVideoDetailspage", series: "svideo" },
      audio: { stype: "audioDetailspage", series: "audio" },
      image: { stype: "galleryDetailspage", series: "atlas" },
      video_album: { stype: "videoAlbumDetailspage", series: "video_album" },
      audio_album: { stype: "audioAlbumDetailspage", series: "audio_album" },
      mini_program: { stype: "miniProgramDetailspage", series: "mini_program" },
      local_live: { stype: "localLiveDetailspage", series: "local_live" },
      link: { stype: "linkDetailspage" },
    });
  });

  it("gives a detail page to exactly the spec's route segments", () => {
    expect(PAGE_TYPES.map(({ page }) => page.segment).sort()).toEqual(
      ["audio", "audio_album", "doc", "gallery", "local_live", "mini_program", "special", "svideo", "video", "video_album"].sort(),
    );
  });

  it("requires index.html, and index for special topics (spec section 2)", () => {
    for (const { type, page } of PAGE_TYPES) expect(page.index).toBe(type === "special" ? "index" : "index.html");
  });

  it("hides the comment footer for audio_album, svideo, special and local_live only", () => {
    const hidden = PAGE_TYPES.filter(({ page }) => !page.layout.commentFooter).map(({ type }) => type);
    expect(hidden.sort()).toEqual(["audio_album", "local_live", "special", "svideo"]);
  });

  it("hides the bottom components for gallery, audio_album, svideo, special and local_live only", () => {
    const hidden = PAGE_TYPES.filter(({ page }) => !page.layout.bottomLists).map(({ page }) => page.segment);
    expect(hidden.sort()).toEqual(["audio_album", "gallery", "local_live", "special", "svideo"]);
  });

  it("lists comments wherever a comment can be written, gallery pages included", () => {
    const listed = PAGE_TYPES.filter(({ page }) => page.layout.commentList).map(({ type }) => type);
    expect(listed).toEqual(PAGE_TYPES.filter(({ page }) => page.layout.commentFooter).map(({ type }) => type));
    expect(listed).toContain("image");
  });

  it("uses the gallery footer on gallery pages only", () => {
    const gallery = PAGE_TYPES.filter(({ page }) => page.layout.footer === "gallery").map(({ page }) => page.segment);
    expect(gallery).toEqual(["gallery"]);
  });

  it("badges exactly the catalog types of spec section 2, each with its own icon", () => {
    const badged = Object.entries(CONTENT_TYPES).flatMap(([type, entry]) => (entry.badge ? [type] : []));
    expect(badged.sort()).toEqual(
      ["svideo", "video", "h5", "local_live", "audio", "image", "audio_album", "video_album", "topic", "mini_program", "sp_topic"].sort(),
    );
    const icons = Object.values(CONTENT_TYPES).flatMap((entry) => (entry.badge ? [entry.badge.icon] : []));
    expect(new Set(icons).size).toBe(icons.length);
  });

  it("has no page for links and catalog-only types", () => {
    for (const type of ["link", "h5", "topic", "sp_topic"]) expect(contentTypeEntry(type)?.page).toBeNull();
  });

  it("types share metadata by content", () => {
    expect(CONTENT_TYPES.article.page).toMatchObject({ og: "article", schema: "NewsArticle" });
    expect(CONTENT_TYPES.video.page).toMatchObject({ og: "video.other", schema: "VideoObject" });
    expect(CONTENT_TYPES.audio.page).toMatchObject({ og: "music.song", schema: "AudioObject" });
    expect(CONTENT_TYPES.image.page).toMatchObject({ schema: "ImageGallery" });
    expect(CONTENT_TYPES.special.page).toMatchObject({ schema: "CollectionPage" });
  });

  it("finds a type by its segment, and nothing for unknown segments or prototype keys", () => {
    expect(typeOfSegment("gallery")?.type).toBe("image");
    expect(typeOfSegment("doc")?.type).toBe("article");
    expect(typeOfSegment("article")).toBeUndefined();
    expect(typeOfSegment("link")).toBeUndefined();
    expect(contentTypeEntry("constructor")).toBeUndefined();
    expect(contentTypeEntry("toString")).toBeUndefined();
  });
});
