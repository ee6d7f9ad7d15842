import { describe, expect } from "vitest";
import type { Envelope } from "./envelope";
import { COMMUNITY_FIXTURES } from "./seed-community";
import { platformTest, testIds } from "./test-platform";

const id = (n: number) => testIds.encode(n);

type Post = {
  post_id: string;
  circle: { circle_id: string; name: string };
  author: { alias: string };
  content: string;
  images: { url: string; width: number }[];
  video: { url: string; width: number; height: number } | null;
  topics: { topic_id: string; name: string }[];
  reply_count: number;
  publish_at: string;
};
type Page<T> = { list: T[]; total: number };
type Reply = { reply_id: string; author: { alias: string }; reply_alias: string; content: string; created_at: string };
type Answer = { author: { alias: string; is_lawyer: boolean; title: string }; content: string; like_count: number };

const test = platformTest.extend<{ get: <T>(path: string) => Promise<Envelope<T>> }>({
  get: async ({ p, token }, use) => use((path) => p.get(path, { token })),
});
const CIRCLE = "/circle/v1/api/share";
const LAW = "/law/v1/api/share/question";

describe("community (dimim)", () => {
  test("needs a token like every other call", async ({ p }) => {
    expect((await p.get(`${CIRCLE}/content/detail?id=${id(COMMUNITY_FIXTURES.post)}`)).code).toBe(401);
    expect((await p.get(`${LAW}/detail?id=${id(COMMUNITY_FIXTURES.question)}`)).code).toBe(401);
  });

  test("serves a circle with its member and post counts", async ({ get }) => {
    const { code, data } = await get<{ name: string; member_count: number; post_count: number; cover: string }>(
      `${CIRCLE}/circle/detail?id=${id(COMMUNITY_FIXTURES.circle)}`,
    );
    expect(code).toBe(0);
    expect(data).toMatchObject({ name: "临江跑团", member_count: 12876, post_count: COMMUNITY_FIXTURES.circlePosts });
    expect(data!.cover).toMatch(/^\/_platform\/media\/cover-04\.jpg$/);
  });

  test("pages a circle's posts newest first, ten at a time", async ({ get }) => {
    const first = await get<Page<Post>>(`${CIRCLE}/content/list?circle_id=${id(COMMUNITY_FIXTURES.circle)}`);
    const second = await get<Page<Post>>(`${CIRCLE}/content/list?circle_id=${id(COMMUNITY_FIXTURES.circle)}&page=2`);
    expect([first.data!.list.length, second.data!.list.length, first.data!.total]).toEqual([10, 2, COMMUNITY_FIXTURES.circlePosts]);
    const times = [...first.data!.list, ...second.data!.list].map((post) => post.publish_at);
    expect([...times].sort().reverse()).toEqual(times);
    expect(first.data!.list.every((post) => post.circle.name === "临江跑团")).toBe(true);
  });

  test("lists a topic's posts across circles, and an empty topic as empty", async ({ get }) => {
    const topic = await get<{ name: string; post_count: number }>(`${CIRCLE}/topic/detail?name=${encodeURIComponent(COMMUNITY_FIXTURES.topicName)}`);
    expect(topic.data).toMatchObject({ name: COMMUNITY_FIXTURES.topicName, post_count: COMMUNITY_FIXTURES.topicPosts });
    const byId = await get<{ name: string }>(`${CIRCLE}/topic/detail?id=${id(COMMUNITY_FIXTURES.topic)}`);
    expect(byId.data!.name).toBe(COMMUNITY_FIXTURES.topicName);
    const posts = await get<Page<Post>>(`${CIRCLE}/content/list?topic_id=${id(COMMUNITY_FIXTURES.topic)}`);
    expect(posts.data!.total).toBe(COMMUNITY_FIXTURES.topicPosts);
    expect(posts.data!.list.every((post) => post.topics.some((t) => t.name === COMMUNITY_FIXTURES.topicName))).toBe(true);
    expect((await get<Page<Post>>(`${CIRCLE}/content/list?topic_id=${id(COMMUNITY_FIXTURES.emptyTopic)}`)).data).toEqual({ list: [], total: 0 });
  });

  test("serves one post with its pictures or video, and its replies in order with whom they answer", async ({ get }) => {
    const post = await get<Post>(`${CIRCLE}/content/detail?id=${id(COMMUNITY_FIXTURES.post)}`);
    expect(post.data).toMatchObject({ author: { alias: "跑者阿明" }, reply_count: COMMUNITY_FIXTURES.postReplies, video: null });
    expect(post.data!.images).toHaveLength(3);
    const video = await get<Post>(`${CIRCLE}/content/detail?id=${id(COMMUNITY_FIXTURES.videoPost)}`);
    expect(video.data!.video).toMatchObject({ width: 360, height: 640, url: expect.stringMatching(/clip-portrait\.mp4$/) });
    const replies = await get<Page<Reply>>(`${CIRCLE}/content/replies?id=${id(COMMUNITY_FIXTURES.post)}`);
    expect([replies.data!.list.length, replies.data!.total]).toEqual([10, COMMUNITY_FIXTURES.postReplies]);
    expect(replies.data!.list[1]).toMatchObject({ author: { alias: "跑者阿明" }, reply_alias: "晴天" });
    const times = replies.data!.list.map((r) => r.created_at);
    expect([...times].sort()).toEqual(times);
    const rest = await get<Page<Reply>>(`${CIRCLE}/content/replies?id=${id(COMMUNITY_FIXTURES.post)}&page=2`);
    expect(rest.data!.list).toHaveLength(COMMUNITY_FIXTURES.postReplies - 10);
  });

  test("answers unknown ids with 404 (10024 for a post) and malformed queries with 400", async ({ get }) => {
    expect((await get(`${CIRCLE}/circle/detail?id=nope`)).code).toBe(404);
    expect((await get(`${CIRCLE}/circle/detail?id=${id(99)}`)).code).toBe(404);
    expect((await get(`${CIRCLE}/content/detail?id=${id(999)}`)).code).toBe(10024);
    expect((await get(`${CIRCLE}/topic/detail?name=${encodeURIComponent("没有的话题")}`)).code).toBe(404);
    const missing = await get(`${CIRCLE}/content/detail`);
    expect(missing).toMatchObject({ code: 400, message: "缺少参数 id" });
    expect((await get(`${CIRCLE}/content/list`)).code).toBe(400);
    expect((await get(`${CIRCLE}/content/list?circle_id=${id(1)}&topic_id=${id(1)}`)).code).toBe(400);
    expect((await get(`${CIRCLE}/content/list?circle_id=${id(1)}&size=51`)).message).toBe("参数 size 不能大于 50");
    expect((await get(`${CIRCLE}/topic/detail?name=${"长".repeat(33)}`)).code).toBe(400);
  });
});

describe("law questions (fazak)", () => {
  test("serves a question with its answer counts", async ({ get }) => {
    const { data } = await get<{ title: string; category: string; answer_count: number; lawyer_answer_count: number; asker: { alias: string } }>(
      `${LAW}/detail?id=${id(COMMUNITY_FIXTURES.question)}`,
    );
    expect(data).toMatchObject({
      title: "公司拖欠两个月工资不发，我该怎么办？",
      category: "劳动纠纷",
      answer_count: COMMUNITY_FIXTURES.questionAnswers,
      lawyer_answer_count: COMMUNITY_FIXTURES.lawyerAnswers,
      asker: { alias: "滨江上班族" },
    });
  });

  test("pages answers, lawyers' first, then the most liked", async ({ get }) => {
    const first = await get<Page<Answer>>(`${LAW}/answerlist?id=${id(COMMUNITY_FIXTURES.question)}`);
    expect([first.data!.list.length, first.data!.total]).toEqual([10, COMMUNITY_FIXTURES.questionAnswers]);
    const lawyers = first.data!.list.slice(0, COMMUNITY_FIXTURES.lawyerAnswers);
    expect(lawyers.map((a) => a.author)).toEqual([
      expect.objectContaining({ alias: "何律师", is_lawyer: true, title: "执业律师 · 临江明理律师事务所" }),
      expect.objectContaining({ alias: "宋律师", is_lawyer: true }),
    ]);
    const others = first.data!.list.slice(COMMUNITY_FIXTURES.lawyerAnswers);
    expect(others.every((a) => !a.author.is_lawyer && a.author.title === "")).toBe(true);
    const likes = others.map((a) => a.like_count);
    expect([...likes].sort((a, b) => b - a)).toEqual(likes);
    const second = await get<Page<Answer>>(`${LAW}/answerlist?id=${id(COMMUNITY_FIXTURES.question)}&page=2&size=10`);
    expect(second.data!.list).toHaveLength(COMMUNITY_FIXTURES.questionAnswers - 10);
    expect((await get<Page<Answer>>(`${LAW}/answerlist?id=${id(COMMUNITY_FIXTURES.unansweredQuestion)}`)).data).toEqual({ list: [], total: 0 });
  });

  test("answers an unknown question with 10024 and a malformed query with 400", async ({ get }) => {
    expect((await get(`${LAW}/detail?id=${id(77)}`)).code).toBe(10024);
    expect((await get(`${LAW}/answerlist?id=x`)).code).toBe(10024);
    expect((await get(`${LAW}/answerlist?id=${id(1)}&page=0`)).code).toBe(400);
    expect((await get(`${LAW}/detail`)).message).toBe("缺少参数 id");
  });
});
