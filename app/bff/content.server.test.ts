import { describe, expect } from "vitest";
import { bffTest } from "./fixtures.test-support";
import { SEED_FIXTURES } from "../../platform/seed";

type Content = typeof import("~/bff/content.server");
const test = bffTest({ content: () => import("~/bff/content.server") }).extend<{ detail: (dbId: number) => ReturnType<Content["getContentDetail"]> }>(
  {
    detail: async ({ upstream, content }, use) => use((dbId) => content.getContentDetail(upstream.caller, upstream.id(dbId))),
  },
);

describe("getContentDetail", () => {
  test("gives a video its MP4 and HLS sources, poster, duration and size", async ({ detail }) => {
    expect((await detail(SEED_FIXTURES.video)).media).toEqual({
      kind: "video",
      mp4: "/_platform/media/river-dawn.mp4",
      hls: "/_platform/media/river-dawn.m3u8",
      poster: "/_platform/media/cover-14.jpg",
      duration_sec: 8,
      duration_str: "00:08",
      width: 640,
      height: 360,
    });
  });

  test("gives short videos a portrait size and audio its file and cover", async ({ detail }) => {
    expect((await detail(SEED_FIXTURES.svideoFerry)).media).toMatchObject({
      kind: "video",
      mp4: "/_platform/media/svideo-ferry.mp4",
      width: 360,
      height: 640,
    });
    expect((await detail(SEED_FIXTURES.audio)).media).toEqual({
      kind: "audio",
      url: "/_platform/media/news-morning.m4a",
      cover: "/_platform/media/cover-18.jpg",
      duration_sec: 10,
      duration_str: "00:10",
    });
  });

  test("gives galleries their pictures with captions and sizes, and no player", async ({ detail }) => {
    const gallery = await detail(SEED_FIXTURES.galleryMixed);
    expect(gallery.media).toBeNull();
    expect(gallery.pic_num).toBe(8);
    expect(gallery.images[2]).toEqual({
      url: "/_platform/media/gallery-03.jpg",
      webp: "/_platform/media/gallery-03.webp",
      thumb: "/_platform/media/gallery-03-thumb.webp",
      description: "子夜：城郊山顶，一轮满月升起。",
      width: 640,
      height: 960,
    });
  });

  test("describes a mini program's card, and nothing of the kind for other types", async ({ detail }) => {
    expect((await detail(SEED_FIXTURES.miniProgram)).mini_program).toEqual({
      name: "临江政务服务",
      appid: "wx5e8a3c1d7b9f2046",
      path: "pages/index/index",
      username: "gh_3a7c9e21b5d0",
      fallback_url: "https://www.example.com/linjiang-gov/",
    });
    const article = await detail(SEED_FIXTURES.article);
    expect(article.mini_program).toBeNull();
    expect(article.media).toBeNull();
    expect(article.images).toEqual([]);
  });

  test("carries album status and the local live's schedule", async ({ detail }) => {
    expect((await detail(SEED_FIXTURES.audioAlbum)).album_status).toEqual({ status: 0, total: 4 });
    expect((await detail(SEED_FIXTURES.localLive)).live).toMatchObject({ status: 1, online_count: 12345 });
  });
});

describe("detailKey", () => {
  test("is no prefix of another post's: a write drops the cached answers of its own post only", async ({ content }) => {
    expect(content.detailKey("46").startsWith(content.detailKey("4"))).toBe(false);
    const { commentsKey } = await import("~/bff/comments.server");
    expect(commentsKey("46").startsWith(commentsKey("4"))).toBe(false);
  });
});
