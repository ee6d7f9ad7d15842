import { describe, expect } from "vitest";
import { bffTest } from "./fixtures.test-support";
import { COMMUNITY_FIXTURES } from "../../platform/seed-community";

const test = bffTest({ circles: () => import("~/bff/circle.server") });

describe("community (circle) BFF", () => {
  test("reads a circle and pages its posts", async ({ upstream, circles }) => {
    const id = upstream.id(COMMUNITY_FIXTURES.circle);
    expect(await circles.getCircle(upstream.caller, id)).toMatchObject({ name: "临江跑团", post_count: COMMUNITY_FIXTURES.circlePosts });
    const first = await circles.listCirclePosts(upstream.caller, { kind: "circle", id }, 1);
    const second = await circles.listCirclePosts(upstream.caller, { kind: "circle", id }, 2);
    expect([first.list.length, second.list.length, first.total]).toEqual([10, 2, COMMUNITY_FIXTURES.circlePosts]);
  });

  test("reads a topic by id or by name, with its posts", async ({ upstream, circles }) => {
    const byName = await circles.getCircleTopic(upstream.caller, { name: COMMUNITY_FIXTURES.topicName });
    expect(byName.topic_id).toBe(upstream.id(COMMUNITY_FIXTURES.topic));
    expect(await circles.getCircleTopic(upstream.caller, { id: byName.topic_id })).toEqual(byName);
    expect((await circles.listCirclePosts(upstream.caller, { kind: "topic", id: byName.topic_id }, 1)).total).toBe(COMMUNITY_FIXTURES.topicPosts);
  });

  test("reads one post with its pictures, and its replies", async ({ upstream, circles }) => {
    const post = await circles.getCirclePost(upstream.caller, upstream.id(COMMUNITY_FIXTURES.post));
    expect(post).toMatchObject({ author: { alias: "跑者阿明" }, circle: { name: "临江跑团" }, topics: [{ name: "备战临江马拉松" }], video: null });
    expect(post.images).toHaveLength(3);
    const replies = await circles.listCircleReplies(upstream.caller, post.post_id, 2);
    expect(replies.total).toBe(COMMUNITY_FIXTURES.postReplies);
    expect(replies.list).toHaveLength(COMMUNITY_FIXTURES.postReplies - circles.CIRCLE_PAGE_SIZE);
  });

  test("rejects a missing post with 10024 and a missing circle with 404", async ({ upstream, circles }) => {
    await expect(circles.getCirclePost(upstream.caller, upstream.id(999))).rejects.toMatchObject({ kind: "code", code: 10024 });
    await expect(circles.getCircle(upstream.caller, upstream.id(99))).rejects.toMatchObject({ kind: "code", code: 404 });
  });

  test("sends no X-Request-Id on the post detail, and sends it on the other calls (spec section 7)", async ({ upstream, circles }) => {
    // Ids not read before, so the answers cache does not answer in the platform's place.
    const headers = await upstream.requestIds(() =>
      Promise.all([
        circles.getCirclePost(upstream.caller, upstream.id(COMMUNITY_FIXTURES.videoPost)),
        circles.getCircle(upstream.caller, upstream.id(COMMUNITY_FIXTURES.otherCircle)),
      ]),
    );
    expect(headers).toEqual({
      "/circle/v1/api/share/content/detail": null,
      "/circle/v1/api/share/circle/detail": "bff-test",
    });
  });

  test("reads a sparse or odd post with defaults instead of failing the page", ({ circles }) => {
    const post = circles.circlePostSchema.parse({
      post_id: "p1",
      circle: { circle_id: "c1", name: "圈" },
      author: { user_id: "u1", alias: "某人" },
      like_count: -3,
      reply_count: "many",
      publish_at: "2026-05-20T02:00:00.000Z",
    });
    expect(post).toMatchObject({ content: "", images: [], video: null, topics: [], like_count: 0, reply_count: 0, view_count: 0 });
    expect(circles.circlePostSchema.safeParse({ post_id: "p1" }).success).toBe(false);
  });
});
