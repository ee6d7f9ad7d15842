import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startBffUpstream } from "../../platform/bff-upstream.test-support";
import { COMMUNITY_FIXTURES } from "../../platform/seed-community";

let local: Awaited<ReturnType<typeof startBffUpstream>>;
let circles: typeof import("~/bff/circle.server");

beforeAll(async () => {
  local = await startBffUpstream();
  circles = await import("~/bff/circle.server");
});
afterAll(() => local.close());

describe("community (circle) BFF", () => {
  it("reads a circle and pages its posts", async () => {
    const id = local.id(COMMUNITY_FIXTURES.circle);
    expect(await circles.getCircle(local.caller, id)).toMatchObject({ name: "临江跑团", post_count: COMMUNITY_FIXTURES.circlePosts });
    const first = await circles.listCirclePosts(local.caller, { kind: "circle", id }, 1);
    const second = await circles.listCirclePosts(local.caller, { kind: "circle", id }, 2);
    expect([first.list.length, second.list.length, first.total]).toEqual([10, 2, COMMUNITY_FIXTURES.circlePosts]);
  });

  it("reads a topic by id or by name, with its posts", async () => {
    const byName = await circles.getCircleTopic(local.caller, { name: COMMUNITY_FIXTURES.topicName });
    expect(byName.topic_id).toBe(local.id(COMMUNITY_FIXTURES.topic));
    expect(await circles.getCircleTopic(local.caller, { id: byName.topic_id })).toEqual(byName);
    expect((await circles.listCirclePosts(local.caller, { kind: "topic", id: byName.topic_id }, 1)).total).toBe(COMMUNITY_FIXTURES.topicPosts);
  });

  it("reads one post with its pictures, and its replies", async () => {
    const post = await circles.getCirclePost(local.caller, local.id(COMMUNITY_FIXTURES.post));
    expect(post).toMatchObject({ author: { alias: "跑者阿明" }, circle: { name: "临江跑团" }, topics: [{ name: "备战临江马拉松" }], video: null });
    expect(post.images).toHaveLength(3);
    const replies = await circles.listCircleReplies(local.caller, post.post_id, 2);
    expect(replies.total).toBe(COMMUNITY_FIXTURES.postReplies);
    expect(replies.list).toHaveLength(COMMUNITY_FIXTURES.postReplies - circles.CIRCLE_PAGE_SIZE);
  });

  it("rejects a missing post with 10024 and a missing circle with 404", async () => {
    await expect(circles.getCirclePost(local.caller, local.id(999))).rejects.toMatchObject({ kind: "code", code: 10024 });
    await expect(circles.getCircle(local.caller, local.id(99))).rejects.toMatchObject({ kind: "code", code: 404 });
  });

  it("sends no X-Request-Id on the post detail, and sends it on the other calls (spec section 7)", async () => {
    // Ids not read before, so the shared cache does not answer in the platform's place.
    const headers = await local.requestIds(() =>
      Promise.all([
        circles.getCirclePost(local.caller, local.id(COMMUNITY_FIXTURES.videoPost)),
        circles.getCircle(local.caller, local.id(COMMUNITY_FIXTURES.otherCircle)),
      ]),
    );
    expect(headers).toEqual({
      "/circle/v1/api/share/content/detail": null,
      "/circle/v1/api/share/circle/detail": "bff-test",
    });
  });

  it("reads a sparse or odd post with defaults instead of failing the page", () => {
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
