import { describe, expect } from "vitest";
import type { Content, ContentDetail } from "./content-shapes";
import { SEED_FIXTURES, SITE_NAME } from "./seed";
import { COMMUNITY_FIXTURES } from "./seed-community";
import { DEJIN_FIXTURES } from "./seed-dejin";
import { LIST_FIXTURES } from "./seed-lists";
import { platformTest, TEST_START, testIds } from "./test-platform";

const id = (n: number) => testIds.encode(n);
const HOUR = 3600 * 1000;

const test = platformTest.extend<{ listAll: () => Promise<{ list: Content[]; total: number }> }>({
  /** Every listed content, page by page. */
  listAll: async ({ p, token }, use) =>
    use(async () => {
      const list: Content[] = [];
      for (let page = 1; ; page++) {
        const result = await p.get<{ list: Content[]; total: number }>(`/peony/v1/content?pagesize=50&pageindex=${page}`, { token });
        list.push(...result.data!.list);
        if (result.data!.list.length < 50) return { list, total: result.data!.total };
      }
    }),
});

describe("app configuration", () => {
  test("serves app info with the theme colour and a bottom navigation bar as JSON text", async ({ p, token }) => {
    const result = await p.get("/peony/v1/app/info", { token });
    const appInfo = JSON.parse(result.data.app_info);
    expect(appInfo.primaryColor).toBe("#FF4A26");
    const { navigationItems } = JSON.parse(appInfo.bottomNavigationBar);
    expect(navigationItems.map((item: { title: string }) => item.title)).toEqual([
      "首页",
      "视频",
      "城市",
      "活动",
      "服务",
      "临江民生",
      DEJIN_FIXTURES.bigTopic,
      "临江跑团",
      `#${COMMUNITY_FIXTURES.topicName}`,
      "法律问答",
    ]);
    expect(navigationItems[0]).toMatchObject({ isHome: true, category: "group", icons: { normal: "/_platform/media/nav-home.svg" } });
    expect(navigationItems[0].groups[0]).toBe(id(SEED_FIXTURES.groups.recommend));
    // A list item names its list by public id; a page item names a site path.
    expect(navigationItems[2]).toMatchObject({ category: "list", binding: id(LIST_FIXTURES.cityRenewal), groups: [] });
    expect(navigationItems[3]).toMatchObject({ category: "page", binding: "/activity/index" });
    expect(navigationItems[4]).toMatchObject({ category: "app", groups: [] });
    // The items after the bar's fifth name the record they open by public id (a tip-off topic by its name), and
    // carry no bar icons.
    expect(navigationItems.slice(5)).toMatchObject([
      { category: "content_model", binding: id(LIST_FIXTURES.livelihood) },
      { category: "dejin", binding: DEJIN_FIXTURES.bigTopic },
      { category: "circle", binding: id(COMMUNITY_FIXTURES.circle) },
      { category: "circle_topic", binding: id(COMMUNITY_FIXTURES.topic) },
      { category: "fazak", binding: id(COMMUNITY_FIXTURES.question) },
    ]);
    for (const item of navigationItems.slice(5)) expect(item).not.toHaveProperty("icons");
  });

  test("lists the home tabs", async ({ p, token }) => {
    const result = await p.get("/peony/v1/group", { token });
    expect(result.data.list.slice(0, 4)).toEqual([
      { gid: id(SEED_FIXTURES.groups.recommend), name: "推荐" },
      { gid: id(SEED_FIXTURES.groups.news), name: "要闻" },
      { gid: id(SEED_FIXTURES.groups.local), name: "本地" },
      { gid: id(SEED_FIXTURES.groups.video), name: "视频" },
    ]);
  });

  test("serves static data as JSON text", async ({ p, token }) => {
    const h5 = await p.get("/peony/v1/static-data?moduleName=h5_config", { token });
    expect(JSON.parse(h5.data)).toEqual({ site_name: SITE_NAME, descriptions: "打开APP，看更多精彩内容", site_logo: "/_platform/media/logo.png" });
    const download = await p.get("/peony/v1/static-data?moduleName=app_download_url", { token });
    expect(JSON.parse(download.data).url).toMatch(/^https:\/\//);
    expect(await p.get("/peony/v1/static-data?moduleName=app_info", { token })).toMatchObject({ code: 404 });
    expect(await p.get("/peony/v1/static-data", { token })).toEqual({ code: 400, message: "缺少参数 moduleName", data: null });
  });

  test("serves the demo media and 404s missing files", async ({ p }) => {
    const logo = await fetch(`${p.origin}/_platform/media/logo.png`);
    expect(logo.status).toBe(200);
    expect(logo.headers.get("content-type")).toBe("image/png");
    expect((await fetch(`${p.origin}/_platform/media/missing.png`)).status).toBe(404);
  });

  test("serves HLS playlists and segments with their types, and answers range requests for seeking", async ({ p }) => {
    const playlist = await fetch(`${p.origin}/_platform/media/river-dawn.m3u8`);
    expect(playlist.headers.get("content-type")).toBe("application/vnd.apple.mpegurl");
    const segments = (await playlist.text()).split("\n").filter((line) => line.endsWith(".ts"));
    expect(segments.length).toBeGreaterThanOrEqual(3);
    for (const segment of segments) {
      const response = await fetch(`${p.origin}/_platform/media/${segment}`);
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toBe("video/mp2t");
      expect(response.headers.get("access-control-allow-origin")).toBe("*");
    }
    for (const [file, type] of [
      ["river-dawn.mp4", "video/mp4"],
      ["story-snail.m4a", "audio/mp4"],
    ]) {
      const part = await fetch(`${p.origin}/_platform/media/${file}`, { headers: { range: "bytes=100-199" } });
      expect(part.status).toBe(206);
      expect(part.headers.get("content-type")).toBe(type);
      expect(part.headers.get("content-range")).toMatch(/^bytes 100-199\/\d+$/);
      expect((await part.arrayBuffer()).byteLength).toBe(100);
    }
  });
});

describe("content", () => {
  test("returns an article's detail with its rich body and root-relative media", async ({ p, token }) => {
    const result = await p.get<ContentDetail>(`/peony/v1/content/${id(SEED_FIXTURES.manyComments)}`, { token });
    expect(result.code).toBe(0);
    const detail = result.data!;
    expect(detail).toMatchObject({
      post_id: id(SEED_FIXTURES.manyComments),
      content_type: "article",
      state: 1,
      view_count: 123456,
      meta: { comment_available: "true" },
      enable_comment: true,
      mp_name: "临江发布",
      mp: id(SEED_FIXTURES.officialAccount),
    });
    expect(detail.content).toContain("<table>");
    expect(detail.content).toContain('src="/_platform/media/cover-01.jpg"');
    expect(detail.style.data[0]).toEqual({
      thumb: "/_platform/media/cover-01.jpg",
      url: "/_platform/media/cover-01.jpg",
      wbep_thumb: "/_platform/media/cover-01.webp",
    });
    expect(detail.comment_count).toBeGreaterThan(SEED_FIXTURES.manyCommentsTopLevel);
    expect(new Date(detail.publish_at).getTime()).toBe(TEST_START.getTime() - 2 * HOUR);
  });

  test("answers 10024 for ids that are missing or do not decode", async ({ p, token }) => {
    const expected = { code: 10024, message: "内容不存在", data: null };
    expect(await p.get("/peony/v1/content/zzzzzzzz", { token })).toEqual(expected);
    expect(await p.get(`/peony/v1/content/${id(99999)}`, { token })).toEqual(expected);
    expect(await p.get("/peony/v1/content/%E4%BD%A0", { token })).toEqual(expected);
  });

  test("returns offline and deleted content with its state, and never lists it", async ({ p, token, listAll }) => {
    expect((await p.get(`/peony/v1/content/${id(SEED_FIXTURES.state17)}`, { token })).data.state).toBe(17);
    expect((await p.get(`/peony/v1/content/${id(SEED_FIXTURES.state100)}`, { token })).data.state).toBe(100);
    const all = await listAll();
    const listed = all.list.map((c) => c.post_id);
    expect(listed).not.toContain(id(SEED_FIXTURES.state17));
    expect(listed).not.toContain(id(SEED_FIXTURES.state100));
    expect(all.total).toBe(listed.length);
  });

  test("never lists or serves drafts by id", async ({ p, token, listAll }) => {
    const listed = (await listAll()).list.map((c) => c.post_id);
    for (const draft of [SEED_FIXTURES.draftArticle, SEED_FIXTURES.draftVideo]) {
      expect(listed).not.toContain(id(draft));
      expect(await p.get(`/peony/v1/content/${id(draft)}`, { token })).toEqual({ code: 10024, message: "内容不存在", data: null });
      expect((await p.get(`/peony/v1/content/${id(draft)}/related`, { token })).code).toBe(10024);
      expect((await p.get(`/peony/v1/comment/${id(draft)}`, { token })).code).toBe(10024);
    }
  });

  test("has every content type of the spec's map", async ({ listAll }) => {
    const types = new Set((await listAll()).list.map((c) => c.content_type));
    for (const type of [
      "article",
      "video",
      "svideo",
      "audio",
      "image",
      "video_album",
      "audio_album",
      "mini_program",
      "link",
      "local_live",
      "special",
    ]) {
      expect(types).toContain(type);
    }
  });

  test("pages the list newest first and filters by group", async ({ p, token }) => {
    const first = await p.get<{ list: Content[]; total: number }>("/peony/v1/content?pageindex=1&pagesize=5", { token });
    const second = await p.get<{ list: Content[]; total: number }>("/peony/v1/content?pageindex=2&pagesize=5", { token });
    expect(first.data!.list).toHaveLength(5);
    const times = [...first.data!.list, ...second.data!.list].map((c) => c.publish_at);
    expect(times).toEqual([...times].sort().reverse());
    expect(second.data!.list[0].post_id).not.toBe(first.data!.list[0].post_id);

    const sport = await p.get<{ list: Content[]; total: number }>(`/peony/v1/content?gid=${id(SEED_FIXTURES.groups.sport)}`, { token });
    expect(sport.data!.list.map((c) => c.title)).toContain("市青少年足球联赛收官 二十支队伍同场竞技");
    expect(sport.data!.list.map((c) => c.post_id)).not.toContain(id(SEED_FIXTURES.manyComments));
    expect(await p.get("/peony/v1/content?gid=nope", { token })).toMatchObject({ code: 404 });
  });

  test("names the field of a malformed query", async ({ p, token }) => {
    expect(await p.get("/peony/v1/content?pagesize=500", { token })).toEqual({ code: 400, message: "参数 pagesize 不能大于 50", data: null });
    expect(await p.get("/peony/v1/content?pageindex=abc", { token })).toEqual({ code: 400, message: "参数 pageindex 格式错误", data: null });
    expect(await p.get("/peony/v1/recommend?size=0", { token })).toEqual({ code: 400, message: "参数 size 不能小于 1", data: null });
  });

  test("lists editor recommendations", async ({ p, token }) => {
    const result = await p.get<{ news: Content[]; total: number }>("/peony/v1/recommend?page=1&size=50", { token });
    expect(result.data!.total).toBeGreaterThanOrEqual(6);
    expect(result.data!.news.map((c) => c.post_id)).toContain(id(SEED_FIXTURES.latest));
    expect(result.data!.news.map((c) => c.post_id)).not.toContain(id(SEED_FIXTURES.article));
  });

  test("lists the last 72 hours by views", async ({ p, token }) => {
    const result = await p.get<{ news: Content[]; total: number }>("/peony/v1/hot72?size=50", { token });
    const news = result.data!.news;
    expect(news.length).toBeGreaterThanOrEqual(8);
    const views = news.map((c) => c.view_count);
    expect(views).toEqual([...views].sort((a, b) => b - a));
    for (const c of news) expect(TEST_START.getTime() - new Date(c.publish_at).getTime()).toBeLessThanOrEqual(72 * HOUR);
    expect(news.map((c) => c.post_id)).not.toContain(id(SEED_FIXTURES.olderThan72h));
    expect(news[0].post_id).toBe(id(SEED_FIXTURES.manyComments));
  });

  test("leaves the page being read out of the hot list and the recommendations, total included", async ({ p, token }) => {
    const latest = id(SEED_FIXTURES.latest);
    const all = await p.get<{ news: Content[]; total: number }>("/peony/v1/recommend?size=50", { token });
    const without = await p.get<{ news: Content[]; total: number }>(`/peony/v1/recommend?size=50&exclude=${latest}`, { token });
    expect(all.data!.news.map((c) => c.post_id)).toContain(latest);
    expect(without.data!.news.map((c) => c.post_id)).not.toContain(latest);
    expect(without.data!.total).toBe(all.data!.total - 1);

    const top = id(SEED_FIXTURES.manyComments);
    const hot = await p.get<{ news: Content[]; total: number }>(`/peony/v1/hot72?size=50&exclude=${top}`, { token });
    expect(hot.data!.news.map((c) => c.post_id)).not.toContain(top);
    // An id that does not decode excludes nothing.
    const unchanged = await p.get<{ news: Content[]; total: number }>("/peony/v1/recommend?size=50&exclude=nonsense", { token });
    expect(unchanged.data!.total).toBe(all.data!.total);
  });

  test("lists related content without the content itself", async ({ p, token }) => {
    const result = await p.get<{ list: Content[] }>(`/peony/v1/content/${id(SEED_FIXTURES.manyComments)}/related?size=5`, { token });
    expect(result.data!.list).toHaveLength(5);
    expect(result.data!.list.map((c) => c.post_id)).not.toContain(id(SEED_FIXTURES.manyComments));
  });

  test("lists album episodes and special items in order, with album status", async ({ p, token }) => {
    const album = await p.get<ContentDetail>(`/peony/v1/content/${id(SEED_FIXTURES.videoAlbum)}`, { token });
    expect(album.data!.album_status).toEqual({ status: 1, total: 3 });
    const episodes = await p.get<{ list: Content[]; total: number }>(`/peony/v1/content/${id(SEED_FIXTURES.videoAlbum)}/items`, { token });
    expect(episodes.data!.list.map((c) => c.title.slice(0, 9))).toEqual(["《临江非遗》第一集", "《临江非遗》第二集", "《临江非遗》第三集"]);
    const audio = await p.get<ContentDetail>(`/peony/v1/content/${id(SEED_FIXTURES.audioAlbum)}`, { token });
    expect(audio.data!.album_status).toEqual({ status: 0, total: 4 });
    const empty = await p.get<ContentDetail>(`/peony/v1/content/${id(SEED_FIXTURES.emptyAudioAlbum)}`, { token });
    expect(empty.data!.album_status).toEqual({ status: 0, total: 0 });
    const special = await p.get<{ list: Content[]; total: number }>(`/peony/v1/content/${id(SEED_FIXTURES.special)}/items`, { token });
    expect(special.data!.list[0].post_id).toBe(id(SEED_FIXTURES.manyComments));
    expect(special.data!.total).toBe(12);
  });

  test("describes media, gallery, live, mini-program and link content", async ({ p, token }) => {
    const detail = async (n: number) => (await p.get<ContentDetail>(`/peony/v1/content/${id(n)}`, { token })).data!;
    expect(await detail(SEED_FIXTURES.video)).toMatchObject({
      media_url: "/_platform/media/river-dawn.mp4",
      hls_url: "/_platform/media/river-dawn.m3u8",
      duration_str: "00:08",
      duration_sec: 8,
      media_width: 640,
      media_height: 360,
      style: { data: [{ url: "/_platform/media/cover-14.jpg" }] },
    });
    for (const svideo of [SEED_FIXTURES.svideo, SEED_FIXTURES.svideoNightMarket, SEED_FIXTURES.svideoFerry]) {
      const short = await detail(svideo);
      expect(short).toMatchObject({ content_type: "svideo", media_width: 360, media_height: 640, hls_url: "" });
      expect(short.media_url).toMatch(/\.mp4$/);
    }
    expect(await detail(SEED_FIXTURES.audio)).toMatchObject({
      media_url: "/_platform/media/news-morning.m4a",
      duration_str: "00:10",
      media_width: 0,
    });
    const gallery = await detail(SEED_FIXTURES.gallery);
    expect(gallery.pic_num).toBe(6);
    expect(gallery.images[0]).toEqual({
      url: "/_platform/media/cover-11.jpg",
      webp: "/_platform/media/cover-11.webp",
      thumb: "/_platform/media/cover-11.webp",
      width: 640,
      height: 360,
      description: "清晨，白鹤在芦苇荡边觅食。",
    });
    const mixed = await detail(SEED_FIXTURES.galleryMixed);
    expect(mixed.pic_num).toBe(8);
    expect(mixed.images.map((i) => [i.width, i.height])).toContainEqual([640, 960]);
    for (const picture of mixed.images) {
      expect(picture.description).not.toBe("");
      expect(picture.webp).toBe(picture.url.replace(/\.jpg$/, ".webp"));
    }
    expect((await detail(SEED_FIXTURES.localLive)).live).toMatchObject({ status: 1, online_count: 12345 });
    expect((await detail(SEED_FIXTURES.miniProgram)).payload).toMatchObject({
      url: "pages/index/index",
      bizName: expect.stringMatching(/^gh_/),
      appid: expect.stringMatching(/^wx[0-9a-f]{16}$/),
      mini_program_name: "临江政务服务",
    });
    expect((await detail(SEED_FIXTURES.link)).payload.url).toMatch(/^https:\/\//);
    expect((await detail(SEED_FIXTURES.hostileLink)).payload.url).toMatch(/^javascript:/);
  });

  test("carries the hostile body unsanitized (the site sanitizes)", async ({ p, token }) => {
    const hostile = await p.get<ContentDetail>(`/peony/v1/content/${id(SEED_FIXTURES.hostile)}`, { token });
    expect(hostile.data!.content).toContain("<script>window.__pwned=1</script>");
    expect(hostile.data!.content).toContain('onerror="window.__pwned=2"');
    expect(hostile.data!.content).toContain('href="javascript:window.__pwned=3"');
    expect(hostile.data!.content).toContain('<iframe src="https://evil.example/"');
  });

  test("reports user relations: none for anonymous tokens, the seed's for the demo user", async ({ p, token }) => {
    const path = (n: number) => `/peony/v3/content/article/${id(n)}/user_related`;
    expect((await p.get(path(SEED_FIXTURES.article), { token })).data).toEqual({ is_collect: false, is_like: false });
    const demo = await p.loginDemo();
    expect((await p.get(path(SEED_FIXTURES.article), { token: demo.token })).data).toEqual({ is_collect: true, is_like: false });
    expect((await p.get(path(SEED_FIXTURES.manyComments), { token: demo.token })).data).toEqual({ is_collect: false, is_like: true });
    expect((await p.get(`/peony/v3/content/article/nope/user_related`, { token })).code).toBe(10024);
  });

  test("drops content out of the hot list as it ages", async ({ p, token }) => {
    const hot = async () => (await p.get<{ news: Content[] }>("/peony/v1/hot72?size=50", { token })).data!.news.map((c) => c.title);
    p.advance(25 * HOUR);
    // Published 50 and 46 hours before the start: now 75 and 71 hours old.
    expect(await hot()).not.toContain("老街夜市重新开张 首周客流超二十万人次");
    expect(await hot()).toContain("市青少年足球联赛收官 二十支队伍同场竞技");
    p.advance(75 * HOUR);
    const later = await p.get<{ news: Content[]; total: number }>("/peony/v1/hot72?size=50", { token });
    expect(later.data!.total).toBe(0);
  });
});
