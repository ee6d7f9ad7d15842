import { describe, expect } from "vitest";
import { bffTest } from "./fixtures.test-support";
import { DEJIN_FIXTURES } from "../../platform/seed-dejin";

const test = bffTest({ clues: () => import("~/bff/clue-report.server") });

describe("clue report BFF", () => {
  test("reads one clue with its pictures, reporter and mentions", async ({ upstream, clues }) => {
    const clue = await clues.getClue(upstream.caller, upstream.id(DEJIN_FIXTURES.clue));
    expect(clue).toMatchObject({
      title: "江滨路公交站台被共享单车堵住了",
      topic_name: "城市随手拍",
      reporter: { user_id: upstream.id(DEJIN_FIXTURES.reporter), alias: "热心市民老周", avatar: expect.stringMatching(/avatar-03\.png$/) },
      at_users: [{ alias: "骑行的阿芳" }],
      video: null,
      meta: { comment_available: "true" },
    });
    expect(clue.images).toHaveLength(2);
    expect((await clues.getClue(upstream.caller, upstream.id(DEJIN_FIXTURES.videoClue))).video).toMatchObject({ width: 360, height: 640 });
  });

  test("rejects a clue that does not exist with the platform's 10024", async ({ upstream, clues }) => {
    await expect(clues.getClue(upstream.caller, upstream.id(1))).rejects.toMatchObject({ kind: "code", code: 10024 });
  });

  test("pages the stream ten at a time", async ({ upstream, clues }) => {
    const first = await clues.listClues(upstream.caller, { kind: "stream" }, 1);
    const second = await clues.listClues(upstream.caller, { kind: "stream" }, 2);
    expect([first.list.length, second.list.length, first.total]).toEqual([10, 10, DEJIN_FIXTURES.totalClues]);
  });

  test("reads the recommended topics and a topic's channels, and lists a channel by views", async ({ upstream, clues }) => {
    const topics = await clues.listRecommendedTopics(upstream.caller, 1);
    expect(topics.list.map((t) => t.topic_name)).toEqual(["城市随手拍", "民生求助", "临江天气实况"]);
    const topic = await clues.getTopic(upstream.caller, DEJIN_FIXTURES.topicWithEmptyChannel);
    expect(topic.channel_list.map((c) => c.name)).toEqual(["暴雨积水", "晴好风光", "冰雪寒潮"]);
    const rain = await clues.listClues(
      upstream.caller,
      { kind: "topic", topic_name: topic.topic_name, channel: topic.channel_list[0].channel_id },
      1,
    );
    expect(rain.total).toBe(2);
    expect(rain.list[0].view_sum).toBeGreaterThanOrEqual(rain.list[1].view_sum);
    const empty = await clues.listClues(
      upstream.caller,
      { kind: "topic", topic_name: topic.topic_name, channel: topic.channel_list[2].channel_id },
      1,
    );
    expect(empty).toEqual({ list: [], total: 0 });
    const all = await clues.listClues(upstream.caller, { kind: "topic", topic_name: DEJIN_FIXTURES.bigTopic }, 2);
    expect([all.list.length, all.total]).toEqual([1, 11]);
  });

  test("rejects an unknown topic with 404", async ({ upstream, clues }) => {
    await expect(clues.getTopic(upstream.caller, "不存在的话题")).rejects.toMatchObject({ kind: "code", code: 404 });
  });

  test("reads a reporter, their clues and the clues that mention them", async ({ upstream, clues }) => {
    const userId = upstream.id(DEJIN_FIXTURES.reporter);
    expect(await clues.getReporter(upstream.caller, userId)).toMatchObject({ alias: "热心市民老周", clue_count: 4, at_count: 3, location: "江北区" });
    expect((await clues.listClues(upstream.caller, { kind: "reporter", userId }, 1)).total).toBe(4);
    const mentions = await clues.listClues(upstream.caller, { kind: "mentions", userId }, 1);
    expect(mentions.list.every((c) => c.at_users.some((u) => u.user_id === userId))).toBe(true);
    await expect(clues.getReporter(upstream.caller, upstream.id(DEJIN_FIXTURES.notReporter))).rejects.toMatchObject({ code: 404 });
  });

  test("relates up to five clues of the same topic", async ({ upstream, clues }) => {
    const related = await clues.listRelatedClues(upstream.caller, upstream.id(DEJIN_FIXTURES.clue));
    expect(related).toHaveLength(5);
    expect(related.every((c) => c.topic_name === "城市随手拍" && c.post_id !== upstream.id(DEJIN_FIXTURES.clue))).toBe(true);
  });
});
