import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startBffUpstream } from "../../platform/bff-upstream.test-support";
import { DEJIN_FIXTURES } from "../../platform/seed-dejin";

let local: Awaited<ReturnType<typeof startBffUpstream>>;
let clues: typeof import("~/bff/clue-report.server");

beforeAll(async () => {
  local = await startBffUpstream();
  clues = await import("~/bff/clue-report.server");
});
afterAll(() => local.close());

describe("clue report BFF", () => {
  it("reads one clue with its pictures, reporter and mentions", async () => {
    const clue = await clues.getClue(local.caller, local.id(DEJIN_FIXTURES.clue));
    expect(clue).toMatchObject({
      title: "江滨路公交站台被共享单车堵住了",
      topic_name: "城市随手拍",
      reporter: { user_id: local.id(DEJIN_FIXTURES.reporter), alias: "热心市民老周", avatar: expect.stringMatching(/avatar-03\.png$/) },
      at_users: [{ alias: "骑行的阿芳" }],
      video: null,
      meta: { comment_available: "true" },
    });
    expect(clue.images).toHaveLength(2);
    expect((await clues.getClue(local.caller, local.id(DEJIN_FIXTURES.videoClue))).video).toMatchObject({ width: 360, height: 640 });
  });

  it("rejects a clue that does not exist with the platform's 10024", async () => {
    await expect(clues.getClue(local.caller, local.id(1))).rejects.toMatchObject({ kind: "code", code: 10024 });
  });

  it("pages the stream ten at a time", async () => {
    const first = await clues.listClues(local.caller, { kind: "stream" }, 1);
    const second = await clues.listClues(local.caller, { kind: "stream" }, 2);
    expect([first.list.length, second.list.length, first.total]).toEqual([10, 10, DEJIN_FIXTURES.totalClues]);
  });

  it("reads the recommended topics and a topic's channels, and lists a channel by views", async () => {
    const topics = await clues.listRecommendedTopics(local.caller, 1);
    expect(topics.list.map((t) => t.topic_name)).toEqual(["城市随手拍", "民生求助", "临江天气实况"]);
    const topic = await clues.getTopic(local.caller, DEJIN_FIXTURES.topicWithEmptyChannel);
    expect(topic.channel_list.map((c) => c.name)).toEqual(["暴雨积水", "晴好风光", "冰雪寒潮"]);
    const rain = await clues.listClues(local.caller, { kind: "topic", topic: topic.topic_name, channel: topic.channel_list[0].channel_id }, 1);
    expect(rain.total).toBe(2);
    expect(rain.list[0].view_sum).toBeGreaterThanOrEqual(rain.list[1].view_sum);
    const empty = await clues.listClues(local.caller, { kind: "topic", topic: topic.topic_name, channel: topic.channel_list[2].channel_id }, 1);
    expect(empty).toEqual({ list: [], total: 0 });
    const all = await clues.listClues(local.caller, { kind: "topic", topic: DEJIN_FIXTURES.bigTopic }, 2);
    expect([all.list.length, all.total]).toEqual([1, 11]);
  });

  it("rejects an unknown topic with 404", async () => {
    await expect(clues.getTopic(local.caller, "不存在的话题")).rejects.toMatchObject({ kind: "code", code: 404 });
  });

  it("reads a reporter, their clues and the clues that mention them", async () => {
    const userId = local.id(DEJIN_FIXTURES.reporter);
    expect(await clues.getReporter(local.caller, userId)).toMatchObject({ alias: "热心市民老周", clue_count: 4, at_count: 3, location: "江北区" });
    expect((await clues.listClues(local.caller, { kind: "reporter", userId }, 1)).total).toBe(4);
    const mentions = await clues.listClues(local.caller, { kind: "mentions", userId }, 1);
    expect(mentions.list.every((c) => c.at_users.some((u) => u.user_id === userId))).toBe(true);
    await expect(clues.getReporter(local.caller, local.id(DEJIN_FIXTURES.notReporter))).rejects.toMatchObject({ code: 404 });
  });

  it("relates up to five clues of the same topic", async () => {
    const related = await clues.listRelatedClues(local.caller, local.id(DEJIN_FIXTURES.clue));
    expect(related).toHaveLength(5);
    expect(related.every((c) => c.topic_name === "城市随手拍" && c.post_id !== local.id(DEJIN_FIXTURES.clue))).toBe(true);
  });
});
