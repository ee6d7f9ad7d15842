import { describe, expect } from "vitest";
import { bffTest } from "./fixtures.test-support";
import { SEED_FIXTURES } from "../../platform/seed";

const test = bffTest({ album: () => import("~/bff/album.server") });

describe("listAlbumItems", () => {
  test("pages a long audio album 30 at a time, each episode playable in place", async ({ upstream, album }) => {
    const albumId = upstream.id(SEED_FIXTURES.longAudioAlbum);
    const first = await album.listAlbumItems(upstream.caller, albumId, 1);
    expect(first.total).toBe(36);
    expect(first.list).toHaveLength(album.ALBUM_PAGE_SIZE);
    expect(first.list[0]).toMatchObject({
      content_type: "audio",
      title: expect.stringContaining("第1句"),
      href: expect.stringMatching(/^\/news\/audio\/\d{4}\/\d{2}\/[^/]+\/index\.html$/),
      duration_str: "00:20",
      media: { kind: "audio", url: "/_platform/media/story-moon-boat.m4a", duration_sec: 20, cover: expect.stringMatching(/\.jpg$/) },
    });
    const second = await album.listAlbumItems(upstream.caller, albumId, 2);
    expect(second.list.map((item) => item.title.match(/第(\d+)句/)?.[1])).toEqual(["31", "32", "33", "34", "35", "36"]);
  });

  test("gives video episodes their MP4, poster and size", async ({ upstream, album }) => {
    const { list } = await album.listAlbumItems(upstream.caller, upstream.id(SEED_FIXTURES.videoAlbum), 1);
    expect(list.map((item) => item.media)).toEqual(
      Array(3).fill({
        kind: "video",
        mp4: "/_platform/media/clip-landscape.mp4",
        hls: "",
        poster: expect.stringMatching(/cover-\d\d\.jpg$/),
        duration_sec: 3,
        duration_str: "00:03",
        width: 640,
        height: 360,
      }),
    );
  });

  test("answers an empty album with no items, and rejects an unknown album with the platform's 10024", async ({ upstream, album }) => {
    expect(await album.listAlbumItems(upstream.caller, upstream.id(SEED_FIXTURES.emptyAudioAlbum), 1)).toEqual({ list: [], total: 0 });
    await expect(album.listAlbumItems(upstream.caller, "nope", 1)).rejects.toMatchObject({ kind: "code", code: 10024 });
  });
});
