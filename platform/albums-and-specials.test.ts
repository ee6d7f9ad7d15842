import { describe, expect } from "vitest";
import type { Content, ContentDetail } from "./content-shapes";
import type { Envelope } from "./envelope";
import { SEED_FIXTURES } from "./seed";
import { platformTest, testIds } from "./test-platform";

const id = (n: number) => testIds.encode(n);

type Items = { list: Content[]; total: number };
type Section = { section_id: string; name: string; list: Content[]; total: number };
type Special = { special: ContentDetail; sections: Section[]; total_sections: number };

const test = platformTest.extend<{
  items: (album: number, query?: string) => Promise<Envelope<Items>>;
  special: (n: number, query?: string) => Promise<Envelope<Special>>;
}>({
  items: async ({ p, token }, use) => use((album, query = "") => p.get(`/peony/v1/content/${id(album)}/items${query}`, { token })),
  special: async ({ p, token }, use) => use((n, query = "") => p.get(`/peony/v1/special/${id(n)}${query}`, { token })),
});

describe("album items", () => {
  test("pages a long album 30 at a time by default, in episode order", async ({ p, token, items }) => {
    const detail = await p.get<ContentDetail>(`/peony/v1/content/${id(SEED_FIXTURES.longAudioAlbum)}`, { token });
    expect(detail.data).toMatchObject({ content_type: "audio_album", album_status: { status: 1, total: 36 } });

    const first = await items(SEED_FIXTURES.longAudioAlbum);
    expect(first.data!.total).toBe(36);
    expect(first.data!.list).toHaveLength(30);
    expect(first.data!.list[0].title).toContain("第1句");
    expect(first.data!.list[29].title).toContain("第30句");
    const second = await items(SEED_FIXTURES.longAudioAlbum, "?page=2");
    expect(second.data!.list.map((c) => c.title.match(/第(\d+)句/)![1])).toEqual(["31", "32", "33", "34", "35", "36"]);
    expect((await items(SEED_FIXTURES.longAudioAlbum, "?page=3")).data).toEqual({ list: [], total: 36 });
  });

  test("lists episodes with what plays them in place: media URL and duration", async ({ items }) => {
    const { data } = await items(SEED_FIXTURES.audioAlbum);
    expect(data!.list).toHaveLength(4);
    for (const episode of data!.list) {
      expect(episode).toMatchObject({
        content_type: "audio",
        media_url: expect.stringMatching(/^\/_platform\/media\/story-[a-z-]+\.m4a$/),
        duration_sec: expect.any(Number),
        duration_str: expect.stringMatching(/^00:\d\d$/),
      });
    }
    const videos = await items(SEED_FIXTURES.videoAlbum);
    expect(videos.data!.list[0]).toMatchObject({ content_type: "video", media_url: "/_platform/media/clip-landscape.mp4", media_width: 640 });
  });

  test("has an updating, a finished and an empty audio album, and a finished video album", async ({ p, token, items }) => {
    const status = async (n: number) => (await p.get<ContentDetail>(`/peony/v1/content/${id(n)}`, { token })).data!.album_status;
    expect(await status(SEED_FIXTURES.audioAlbum)).toEqual({ status: 0, total: 4 });
    expect(await status(SEED_FIXTURES.longAudioAlbum)).toEqual({ status: 1, total: 36 });
    expect(await status(SEED_FIXTURES.emptyAudioAlbum)).toEqual({ status: 0, total: 0 });
    expect(await status(SEED_FIXTURES.videoAlbum)).toEqual({ status: 1, total: 3 });
    expect((await items(SEED_FIXTURES.emptyAudioAlbum)).data).toEqual({ list: [], total: 0 });
  });

  test("names the field of a malformed page and refuses unknown albums", async ({ p, token, items }) => {
    expect(await items(SEED_FIXTURES.audioAlbum, "?size=51")).toEqual({ code: 400, message: "参数 size 不能大于 50", data: null });
    expect(await items(SEED_FIXTURES.audioAlbum, "?page=0")).toEqual({ code: 400, message: "参数 page 不能小于 1", data: null });
    expect((await p.get("/peony/v1/content/nope/items", { token })).code).toBe(10024);
    expect((await items(SEED_FIXTURES.draftArticle)).code).toBe(10024);
  });
});

describe("special topic", () => {
  test("returns the topic with its three sections and their cards in order", async ({ special }) => {
    const { code, data } = await special(SEED_FIXTURES.special);
    expect(code).toBe(0);
    expect(data!.special).toMatchObject({ post_id: id(SEED_FIXTURES.special), content_type: "special", title: expect.stringContaining("城市更新") });
    expect(data!.special.content).toContain("<p>");
    expect(data!.total_sections).toBe(3);
    expect(data!.sections.map((s) => [s.name, s.total, s.list.length])).toEqual([
      ["交通出行", 4, 4],
      ["安居宜居", 3, 3],
      ["消费文化", 5, 5],
    ]);
    expect(data!.sections[0].list[0].post_id).toBe(id(SEED_FIXTURES.manyComments));
    const types = new Set(data!.sections.flatMap((s) => s.list.map((c) => c.content_type)));
    expect([...types]).toEqual(expect.arrayContaining(["article", "video", "image", "svideo"]));
  });

  test("limits cards per section with pagesize and sections per batch with batch_size", async ({ special }) => {
    const { data } = await special(SEED_FIXTURES.special, "?pagesize=2&batch_size=2");
    expect(data!.sections.map((s) => s.list.length)).toEqual([2, 2]);
    expect(data!.sections[0].total).toBe(4);
    expect(data!.total_sections).toBe(3);
    const next = await special(SEED_FIXTURES.special, "?batch_size=2&batch_index=2");
    expect(next.data!.sections.map((s) => s.name)).toEqual(["消费文化"]);
  });

  test("pages one section's cards through the items endpoint", async ({ p, token, items, special }) => {
    const { data } = await special(SEED_FIXTURES.special);
    const culture = data!.sections[2];
    const page2 = await p.get<Items>(`/peony/v1/content/${id(SEED_FIXTURES.special)}/items?section=${culture.section_id}&size=2&page=2`, { token });
    expect(page2.data!.total).toBe(5);
    expect(page2.data!.list.map((c) => c.post_id)).toEqual(culture.list.slice(2, 4).map((c) => c.post_id));
    const foreign = await p.get(`/peony/v1/content/${id(SEED_FIXTURES.videoAlbum)}/items?section=${culture.section_id}`, { token });
    expect(foreign).toEqual({ code: 404, message: "专题栏目不存在", data: null });
    expect((await p.get(`/peony/v1/content/${id(SEED_FIXTURES.special)}/items?section=zz`, { token })).code).toBe(404);
  });

  test("answers 10024 for content that is not a special, and 400 for a malformed query", async ({ p, token, special }) => {
    expect(await special(SEED_FIXTURES.article)).toEqual({ code: 10024, message: "内容不存在", data: null });
    expect((await p.get("/peony/v1/special/nope", { token })).code).toBe(10024);
    expect(await special(SEED_FIXTURES.special, "?pagesize=51")).toEqual({ code: 400, message: "参数 pagesize 不能大于 50", data: null });
    expect(await special(SEED_FIXTURES.special, "?batch_size=x")).toEqual({ code: 400, message: "参数 batch_size 格式错误", data: null });
    expect((await p.get(`/peony/v1/special/${id(SEED_FIXTURES.special)}`)).code).toBe(401);
  });
});
