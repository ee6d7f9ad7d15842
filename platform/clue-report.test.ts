import { describe, expect } from "vitest";
import type { Envelope } from "./envelope";
import { DEJIN_FIXTURES } from "./seed-dejin";
import { platformTest, testIds } from "./test-platform";

const id = (n: number) => testIds.encode(n);
const BASE = "/peony/v3/clue_report";

type Clue = {
  post_id: string;
  title: string;
  content: string;
  view_sum: number;
  publish_at: string;
  images: { url: string }[];
  video: { url: string; poster: string; width: number; height: number } | null;
  reporter: { user_id: string; alias: string };
  topic_name: string;
  channel: { channel_id: string; name: string };
  at_users: { user_id: string; alias: string }[];
  comment_count: number;
};
type Page = { list: Clue[]; total: number };
type Topic = { topic_name: string; clue_count: number; view_sum: number; channel_list: { channel_id: string; name: string; clue_count: number }[] };

const test = platformTest.extend<{ get: <T>(path: string) => Promise<Envelope<T>> }>({
  get: async ({ p, token }, use) => use((path) => p.get(`${BASE}${path}`, { token })),
});
const topicPath = (name: string) => `/topic/${encodeURIComponent(name)}`;

describe("clue report", () => {
  test("needs a token like every other call", async ({ p }) => {
    expect((await p.get(`${BASE}/clues`)).code).toBe(401);
  });

  test("streams all twenty clues newest first, ten a page", async ({ get }) => {
    const first = await get<Page>("/clues");
    expect(first.data!.total).toBe(DEJIN_FIXTURES.totalClues);
    expect(first.data!.list).toHaveLength(10);
    const times = first.data!.list.map((c) => c.publish_at);
    expect([...times].sort().reverse()).toEqual(times);
    const second = await get<Page>("/clues?page=2");
    expect(second.data!.list).toHaveLength(10);
    expect(new Set([...first.data!.list, ...second.data!.list].map((c) => c.post_id)).size).toBe(20);
    expect((await get<Page>("/clues?page=3")).data).toEqual({ list: [], total: 20 });
  });

  test("serves one clue with its pictures, reporter, topic, channel and mentions", async ({ get }) => {
    const { data } = await get<Clue>(`/detail?post_id=${id(DEJIN_FIXTURES.clue)}`);
    expect(data).toMatchObject({
      post_id: id(DEJIN_FIXTURES.clue),
      title: "江滨路公交站台被共享单车堵住了",
      topic_name: "城市随手拍",
      channel: { name: "交通出行" },
      reporter: { user_id: id(DEJIN_FIXTURES.reporter), alias: "热心市民老周" },
      at_users: [{ alias: "骑行的阿芳" }],
      comment_count: 2,
      video: null,
    });
    expect(data!.images.map((i) => i.url)).toEqual(["/_platform/media/cover-10.jpg", "/_platform/media/cover-05.jpg"]);
    const video = await get<Clue>(`/detail?post_id=${id(DEJIN_FIXTURES.videoClue)}`);
    expect(video.data!.video).toEqual({
      url: "/_platform/media/clip-portrait.mp4",
      poster: "/_platform/media/cover-portrait.jpg",
      width: 360,
      height: 640,
      duration_sec: 3,
    });
  });

  test("answers 10024 for a clue id that does not decode or is not a clue, and 400 without one", async ({ get }) => {
    expect((await get(`/detail?post_id=nope`)).code).toBe(10024);
    expect((await get(`/detail?post_id=${id(1)}`)).code).toBe(10024);
    expect((await get(`/detail`)).code).toBe(400);
  });

  test("lists the three recommended topics with their channels", async ({ get }) => {
    const { data } = await get<{ list: Topic[]; total: number }>("/recommend_topics");
    expect(data!.total).toBe(3);
    expect(data!.list.map((t) => [t.topic_name, t.clue_count, t.channel_list.length])).toEqual([
      ["城市随手拍", 11, 3],
      ["民生求助", 5, 3],
      ["临江天气实况", 4, 3],
    ]);
    expect(data!.list.reduce((sum, t) => sum + t.clue_count, 0)).toBe(20);
  });

  test("serves a topic by name with its channel list, and 404 for an unknown one", async ({ get }) => {
    const { data } = await get<Topic>(topicPath(DEJIN_FIXTURES.topicWithEmptyChannel));
    expect(data!.channel_list.map((c) => [c.name, c.clue_count])).toEqual([
      ["暴雨积水", 2],
      ["晴好风光", 2],
      ["冰雪寒潮", 0],
    ]);
    expect(data!.channel_list[2].channel_id).toBe(id(DEJIN_FIXTURES.emptyChannel));
    expect((await get(topicPath("没有这个话题"))).code).toBe(404);
    expect((await get(topicPath("长".repeat(40)))).code).toBe(404);
  });

  test("pages a topic ten at a time by views, per channel (changeChannelType)", async ({ get }) => {
    const topic = encodeURIComponent(DEJIN_FIXTURES.bigTopic);
    const first = await get<Page>(`/clues?topic_name=${topic}&sort=view_sum&limit=10`);
    expect(first.data!.total).toBe(11);
    const views = first.data!.list.map((c) => c.view_sum);
    expect([...views].sort((a, b) => b - a)).toEqual(views);
    expect((await get<Page>(`/clues?topic_name=${topic}&sort=view_sum&limit=10&page=2`)).data!.list).toHaveLength(1);

    const { data: t } = await get<Topic>(topicPath(DEJIN_FIXTURES.bigTopic));
    const channel = t!.channel_list[0];
    const inChannel = await get<Page>(`/clues?topic_name=${topic}&channel_id=${channel.channel_id}&sort=view_sum`);
    expect(inChannel.data!.total).toBe(channel.clue_count);
    expect(inChannel.data!.list.every((c) => c.channel.name === channel.name)).toBe(true);

    const empty = await get<Page>(
      `/clues?topic_name=${encodeURIComponent(DEJIN_FIXTURES.topicWithEmptyChannel)}&channel_id=${id(DEJIN_FIXTURES.emptyChannel)}`,
    );
    expect(empty.data).toEqual({ list: [], total: 0 });
  });

  test("validates the clue query", async ({ get }) => {
    expect((await get("/clues?sort=random")).code).toBe(400);
    expect((await get("/clues?limit=51")).code).toBe(400);
    expect((await get("/clues?page=0")).code).toBe(400);
    // A channel of another topic is not a channel of this one.
    expect((await get(`/clues?topic_name=${encodeURIComponent(DEJIN_FIXTURES.bigTopic)}&channel_id=${id(DEJIN_FIXTURES.emptyChannel)}`)).code).toBe(
      404,
    );
    expect((await get("/clues?channel_id=zz")).code).toBe(404);
  });

  test("serves a reporter with their counts, their clues and the clues that mention them", async ({ get }) => {
    const reporter = id(DEJIN_FIXTURES.reporter);
    const { data } = await get<{ user_id: string; alias: string; intro: string; clue_count: number; at_count: number }>(`/user/${reporter}`);
    expect(data).toMatchObject({ user_id: reporter, alias: "热心市民老周", clue_count: 4, at_count: 3 });
    const own = await get<Page>(`/clues?user_id=${reporter}`);
    expect(own.data!.total).toBe(4);
    expect(own.data!.list.every((c) => c.reporter.user_id === reporter)).toBe(true);
    const atTa = await get<Page>(`/at_ta_clues?user_id=${reporter}`);
    expect(atTa.data!.total).toBe(3);
    expect(atTa.data!.list.every((c) => c.at_users.some((u) => u.user_id === reporter))).toBe(true);
    expect((await get<Page>(`/at_ta_clues?user_id=${id(DEJIN_FIXTURES.unmentionedReporter)}`)).data).toEqual({ list: [], total: 0 });
  });

  test("answers 404 for someone who is not a reporter or an id that does not decode", async ({ get }) => {
    expect((await get(`/user/${id(DEJIN_FIXTURES.notReporter)}`)).code).toBe(404);
    expect((await get(`/user/nope`)).code).toBe(404);
    expect((await get(`/at_ta_clues?user_id=nope`)).code).toBe(404);
    expect((await get(`/at_ta_clues`)).code).toBe(400);
  });

  test("relates other clues of the same topic, most read first", async ({ get }) => {
    const { data } = await get<{ list: Clue[] }>(`/relate_posts?post_id=${id(DEJIN_FIXTURES.clue)}&limit=3`);
    expect(data!.list).toHaveLength(3);
    expect(data!.list.every((c) => c.topic_name === "城市随手拍" && c.post_id !== id(DEJIN_FIXTURES.clue))).toBe(true);
    expect(data!.list[0].title).toBe("外卖小哥江边救起落水儿童");
  });

  test("keeps clues out of the content lists but lets them be commented like content", async ({ p, token }) => {
    const all = await p.get<{ list: { content_type: string }[]; total: number }>("/peony/v1/content?pagesize=50", { token });
    expect(all.data!.list.some((c) => c.content_type === "clue_report")).toBe(false);
    const comments = await p.get<{ list: unknown[]; total: number }>(`/peony/v1/comment/${id(DEJIN_FIXTURES.clue)}`, { token });
    expect(comments.data!.total).toBe(2);
  });
});
