import { describe, expect } from "vitest";
import type { Content } from "./content-shapes";
import { PAGES_FIXTURES } from "./seed-pages";
import { platformTest as test, TEST_START, testIds } from "./test-platform";

const id = (n: number) => testIds.encode(n);
const DAY = 24 * 3600 * 1000;

type Invite = {
  code: string;
  inviter: { user_id: string; alias: string; avatar: string };
  reward: { title: string; description: string };
  expires_at: string;
  expired: boolean;
  list: { alias: string; avatar: string; joined_at: string }[];
  total: number;
};

describe("invitations", () => {
  test("answers who invites, the reward and who joined, newest first, in pages", async ({ p, token }) => {
    const result = await p.get<Invite>(`/peony/v1/invite/record?code=${PAGES_FIXTURES.inviteCode}&size=3`, { token });
    expect(result.code).toBe(0);
    expect(result.data).toMatchObject({ code: PAGES_FIXTURES.inviteCode, expired: false, total: PAGES_FIXTURES.inviteCodeJoined });
    expect(result.data!.inviter).toMatchObject({
      alias: PAGES_FIXTURES.inviteCodeInviter,
      avatar: expect.stringMatching(/^\/_platform\/media\/avatar-\d+\.png$/),
    });
    expect(result.data!.list.map((r) => r.alias)).toEqual(["大学生小林", "大学生记者小吴", "跑者阿明"]);
    const last = await p.get<Invite>(`/peony/v1/invite/record?code=${PAGES_FIXTURES.inviteCode.toLowerCase()}&size=5&page=3`, { token });
    expect(last.data!.list.map((r) => r.alias)).toEqual(["晴天", "小鹿乱撞"]);
  });

  test("says when a code has expired", async ({ p, token }) => {
    const result = await p.get<Invite>(`/peony/v1/invite/record?code=${PAGES_FIXTURES.expiredInviteCode}`, { token });
    expect(result.data).toMatchObject({ expired: true, inviter: { alias: "老张头" } });
    expect(new Date(result.data!.expires_at).getTime()).toBeLessThan(TEST_START.getTime());
  });

  test("answers 404 for an unknown code and 400 for a malformed or missing one", async ({ p, token }) => {
    expect(await p.get("/peony/v1/invite/record?code=NOPE0000", { token })).toEqual({ code: 404, message: "邀请码不存在", data: null });
    expect(await p.get("/peony/v1/invite/record?code=%3Cscript%3E", { token })).toMatchObject({ code: 400, message: "参数 code 格式错误" });
    expect(await p.get("/peony/v1/invite/record", { token })).toMatchObject({ code: 400, message: "缺少参数 code" });
  });
});

type Activity = { post_id: string; title: string; start_at: string; end_at: string; rules?: string };

describe("activities", () => {
  test("serves an activity with its time window and unsanitized rules", async ({ p, token }) => {
    const result = await p.get<Activity>(`/peony/v1/activity/${id(PAGES_FIXTURES.runningActivity)}`, { token });
    expect(result.data).toMatchObject({ post_id: id(PAGES_FIXTURES.runningActivity), title: "2026临江马拉松“云跑”打卡" });
    expect(new Date(result.data!.start_at).getTime()).toBe(TEST_START.getTime() - 2 * DAY);
    expect(new Date(result.data!.end_at).getTime()).toBe(TEST_START.getTime() + 5 * DAY);
    const ended = await p.get<Activity>(`/peony/v1/activity/${id(PAGES_FIXTURES.endedActivity)}`, { token });
    expect(ended.data!.rules).toContain("<script>");
  });

  test("lists open and upcoming activities before ended ones", async ({ p, token }) => {
    const result = await p.get<{ list: Activity[]; total: number }>("/peony/v1/activity", { token });
    expect(result.data!.total).toBe(3);
    expect(result.data!.list.map((a) => a.post_id)).toEqual(
      [PAGES_FIXTURES.runningActivity, PAGES_FIXTURES.upcomingActivity, PAGES_FIXTURES.endedActivity].map(id),
    );
    expect(result.data!.list[0]).not.toHaveProperty("rules");
  });

  test("answers 404 for an unknown or undecodable id", async ({ p, token }) => {
    expect(await p.get(`/peony/v1/activity/${id(999)}`, { token })).toEqual({ code: 404, message: "活动不存在", data: null });
    expect(await p.get("/peony/v1/activity/not-an-id", { token })).toMatchObject({ code: 404 });
  });
});

type Deck = { list_id: string; title: string; list: { index: number; headline: string; content: Content }[]; total: number };

describe("fly cards", () => {
  test("pages a deck in the editor's order, leaving out cards on offline content", async ({ p, token }) => {
    const result = await p.get<Deck>(`/peony/v1/fly_card/${id(PAGES_FIXTURES.deck)}?size=5`, { token });
    expect(result.data).toMatchObject({ title: "一分钟看懂临江", total: PAGES_FIXTURES.deckCards });
    expect(result.data!.list.map((c) => c.index)).toEqual([1, 2, 3, 4, 5]);
    expect(result.data!.list[0]).toMatchObject({ headline: "地铁5号线开通", content: { post_id: id(1), content_type: "article" } });
    // Content 14 is offline: its card is gone and the next one takes its place.
    expect(result.data!.list.map((c) => c.content.post_id)).not.toContain(id(14));
    const second = await p.get<Deck>(`/peony/v1/fly_card/${id(PAGES_FIXTURES.deck)}?size=5&page=2`, { token });
    expect(second.data!.list.map((c) => c.index)).toEqual([6, 7]);
  });

  test("lists the decks with their card counts, and answers an empty deck", async ({ p, token }) => {
    const decks = await p.get<{ list: { list_id: string; total: number }[]; total: number }>("/peony/v1/fly_card", { token });
    expect(decks.data!.list.map((d) => d.total)).toEqual([PAGES_FIXTURES.deckCards, 6, 0]);
    const empty = await p.get<Deck>(`/peony/v1/fly_card/${id(PAGES_FIXTURES.emptyDeck)}`, { token });
    expect(empty.data).toMatchObject({ title: "临江年度人物", list: [], total: 0 });
  });

  test("answers 404 for an unknown deck and 400 for bad paging", async ({ p, token }) => {
    expect(await p.get(`/peony/v1/fly_card/${id(999)}`, { token })).toEqual({ code: 404, message: "卡片集不存在", data: null });
    expect(await p.get(`/peony/v1/fly_card/${id(PAGES_FIXTURES.deck)}?size=51`, { token })).toMatchObject({ code: 400 });
  });
});
