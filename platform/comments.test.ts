import { describe, expect } from "vitest";
import type { ContentDetail } from "./content-shapes";
import type { Envelope } from "./envelope";
import type { Comment } from "./routes/comments";
import { SEED_FIXTURES } from "./seed";
import { platformTest, testIds } from "./test-platform";

const id = (n: number) => testIds.encode(n);
type CommentPage = { list: Comment[]; total: number };

const test = platformTest.extend<{
  list: (post: number, query?: string) => Promise<Envelope<CommentPage>>;
  postComment: (post: number, body: Record<string, unknown>, token?: string) => Promise<Envelope<Comment>>;
  commentCount: (post: number) => Promise<number>;
}>({
  list: async ({ p, token }, use) => use((post, query = "") => p.get(`/peony/v1/comment/${id(post)}${query}`, { token })),
  postComment: async ({ p, demo }, use) => use((post, body, token = demo.token) => p.post(`/peony/v1/comment/${id(post)}`, { token, body })),
  commentCount: async ({ p, token }, use) =>
    use(async (post) => (await p.get<ContentDetail>(`/peony/v1/content/${id(post)}`, { token })).data!.comment_count),
});

describe("comments", () => {
  test("pages level-1 comments by 10, newest first", async ({ list }) => {
    const pages = await Promise.all([1, 2, 3, 4].map((page) => list(SEED_FIXTURES.manyComments, `?page=${page}&size=10`)));
    expect(pages.map((page) => page.data!.list.length)).toEqual([10, 10, 8, 0]);
    expect(pages[0].data!.total).toBe(SEED_FIXTURES.manyCommentsTopLevel);
    const all = pages.flatMap((page) => page.data!.list);
    expect(new Set(all.map((c) => c.gid)).size).toBe(28);
    const times = all.map((c) => c.created_at);
    expect(times).toEqual([...times].sort().reverse());
    expect(all.every((c) => c.level === 1 && c.comment_type === 1 && c.parent_id === "")).toBe(true);
  });

  test("embeds the first two replies, oldest first", async ({ list }) => {
    const first = (await list(SEED_FIXTURES.withReplies)).data!.list;
    const thread = first.find((c) => c.gid === id(SEED_FIXTURES.repliedComment))!;
    expect(thread).toMatchObject({ reply_count: SEED_FIXTURES.repliedCommentReplies, alias: "退休教师王老师", ip_location: "浙江" });
    expect(thread.replys).toHaveLength(2);
    expect(thread.replys[0]).toMatchObject({ level: 2, comment_type: 2, parent_id: thread.gid, reply_alias: "退休教师王老师", alias: "老张头" });
    expect(thread.replys[1]).toMatchObject({ reply_alias: "老张头", alias: "退休教师王老师" });
    expect(thread.replys[0].created_at < thread.replys[1].created_at).toBe(true);
  });

  test("lists the replies of a comment and names official accounts", async ({ p, token }) => {
    const path = `/peony/v1/comment/${id(SEED_FIXTURES.withReplies)}/${id(SEED_FIXTURES.repliedComment)}`;
    const replies = await p.get<CommentPage>(`${path}?page=1&size=10`, { token });
    expect(replies.data!.total).toBe(6);
    expect(replies.data!.list.map((r) => r.alias)).toEqual(["老张头", "退休教师王老师", "滨江上班族", "临江发布", "小鹿乱撞", "老张头"]);
    expect(replies.data!.list[3].user.mp_name).toBe("临江发布");
    expect(replies.data!.list[0].user.mp_name).toBe("");
    const secondPage = await p.get<CommentPage>(`${path}?page=2&size=4`, { token });
    expect(secondPage.data!.list).toHaveLength(2);
    expect((await p.get(`/peony/v1/comment/${id(SEED_FIXTURES.manyComments)}/${id(SEED_FIXTURES.repliedComment)}`, { token })).code).toBe(404);
  });

  test("shows the viewer's stars", async ({ p, demo, list }) => {
    const asDemo = await p.get<CommentPage>(`/peony/v1/comment/${id(SEED_FIXTURES.withReplies)}`, { token: demo.token });
    expect(asDemo.data!.list.find((c) => c.gid === id(SEED_FIXTURES.repliedComment))!.star).toBe(true);
    const asAnonymous = (await list(SEED_FIXTURES.withReplies)).data!.list;
    expect(asAnonymous.find((c) => c.gid === id(SEED_FIXTURES.repliedComment))!.star).toBe(false);
  });

  test("refuses anonymous, empty, overlong and misdirected comments", async ({ token, postComment }) => {
    expect(await postComment(SEED_FIXTURES.article, { comment_type: 1, content: "你好" }, token)).toEqual({
      code: 403,
      message: "请先登录",
      data: null,
    });
    expect(await postComment(SEED_FIXTURES.article, { comment_type: 1, content: "  \n " })).toEqual({
      code: 400,
      message: "评论内容不能为空",
      data: null,
    });
    expect(await postComment(SEED_FIXTURES.article, { comment_type: 1 })).toEqual({ code: 400, message: "评论内容不能为空", data: null });
    expect(await postComment(SEED_FIXTURES.article, { comment_type: 1, content: "长".repeat(501) })).toEqual({
      code: 400,
      message: "评论内容不能超过500字",
      data: null,
    });
    expect((await postComment(SEED_FIXTURES.article, { comment_type: 3, content: "你好" })).code).toBe(400);
    expect((await postComment(SEED_FIXTURES.article, { comment_type: 2, content: "你好" })).message).toBe("回复评论需要指定 parent_id");
    expect((await postComment(SEED_FIXTURES.state17, { comment_type: 1, content: "你好" })).code).toBe(10024);
    expect(await postComment(SEED_FIXTURES.closedComments, { comment_type: 1, content: "你好" })).toEqual({
      code: 403,
      message: "评论已关闭",
      data: null,
    });
  });

  test("posts a level-1 comment as plain text and counts it", async ({ demo, list, postComment, commentCount }) => {
    const before = await commentCount(SEED_FIXTURES.article);
    const text = "  <b>不是HTML</b> 写得很好  ";
    const result = await postComment(SEED_FIXTURES.article, { track_id: id(SEED_FIXTURES.article), comment_type: 1, content: text });
    expect(result.code).toBe(0);
    expect(result.data).toMatchObject({
      content: "<b>不是HTML</b> 写得很好",
      alias: "演示用户",
      owner_user_id: demo.user_id,
      level: 1,
      reply_count: 0,
      star: false,
      replys: [],
    });
    expect(await commentCount(SEED_FIXTURES.article)).toBe(before + 1);
    const newest = (await list(SEED_FIXTURES.article)).data!.list[0];
    expect(newest.gid).toBe(result.data!.gid);
  });

  test("posts replies to a comment and to a reply", async ({ p, token, list, postComment, commentCount }) => {
    const parent = id(SEED_FIXTURES.repliedComment);
    const zhang = (await p.get<CommentPage>(`/peony/v1/comment/${id(SEED_FIXTURES.withReplies)}/${parent}`, { token })).data!.list[0];
    const before = await commentCount(SEED_FIXTURES.withReplies);
    const reply = await postComment(SEED_FIXTURES.withReplies, {
      comment_type: 2,
      content: "说得对",
      parent_id: parent,
      target_user_id: zhang.owner_user_id,
      target_user_alias: "老张头",
    });
    expect(reply.data).toMatchObject({ level: 2, parent_id: parent, reply_alias: "老张头", target_user_id: zhang.owner_user_id });
    const toAuthor = await postComment(SEED_FIXTURES.withReplies, { comment_type: 2, content: "同意楼主", parent_id: parent });
    expect(toAuthor.data!.reply_alias).toBe("退休教师王老师");
    expect(await commentCount(SEED_FIXTURES.withReplies)).toBe(before + 2);
    const thread = (await list(SEED_FIXTURES.withReplies)).data!.list.find((c) => c.gid === parent)!;
    expect(thread.reply_count).toBe(SEED_FIXTURES.repliedCommentReplies + 2);

    const stranger = await postComment(SEED_FIXTURES.withReplies, {
      comment_type: 2,
      content: "你好",
      parent_id: parent,
      target_user_id: id(SEED_FIXTURES.demoUser + 100),
    });
    expect(stranger).toEqual({ code: 400, message: "参数 target_user_id 无效", data: null });
  });

  test("limits a user to five comments a minute", async ({ p, postComment }) => {
    const user = await p.loginWithCode("13512345678", "10.1.1.1");
    const send = () => postComment(SEED_FIXTURES.latest, { comment_type: 1, content: "刷屏测试" }, user.token);
    for (let i = 0; i < 5; i++) expect((await send()).code).toBe(0);
    const limited = await send();
    expect(limited.code).toBe(429);
    expect(limited.message).toMatch(/^评论过于频繁，请\d+秒后再试$/);
    p.advance(61_000);
    expect((await send()).code).toBe(0);
  });

  test("stars and unstars a comment idempotently", async ({ p, token, demo, list }) => {
    const cid = (await list(SEED_FIXTURES.manyComments)).data!.list[0].gid;
    const star = (type: string) => p.post("/peony/v1/star", { token: demo.token, body: { cid, type } });
    const added = await star("add");
    expect(added.data.star).toBe(true);
    expect((await star("add")).data.star_count).toBe(added.data.star_count);
    expect((await star("del")).data).toEqual({ star: false, star_count: added.data.star_count - 1 });
    expect((await p.post("/peony/v1/star", { token, body: { cid, type: "add" } })).code).toBe(403);
    expect((await p.post("/peony/v1/star", { token: demo.token, body: { cid: "nope", type: "add" } })).code).toBe(404);
    expect((await p.post("/peony/v1/star", { token: demo.token, body: { cid, type: "toggle" } })).message).toBe("参数 type 只能是 add 或 del");
  });
});

describe("collections and follows", () => {
  test("toggles a collection and keeps the count", async ({ p, demo }) => {
    const post = id(SEED_FIXTURES.manyComments);
    const collect = (type: string) => p.post(`/peony/v1/collection/${post}`, { token: demo.token, body: { type, track_id: post, cid: post } });
    const related = () => p.get(`/peony/v3/content/article/${post}/user_related`, { token: demo.token });
    expect((await related()).data.is_collect).toBe(false);
    expect((await collect("add")).data).toEqual({ is_collect: true, collect_count: 893 });
    expect((await collect("add")).data).toEqual({ is_collect: true, collect_count: 893 });
    expect((await related()).data.is_collect).toBe(true);
    expect((await collect("del")).data).toEqual({ is_collect: false, collect_count: 892 });
    expect((await related()).data.is_collect).toBe(false);
    const anonymous = await p.anonymousToken();
    expect((await p.post(`/peony/v1/collection/${post}`, { token: anonymous, body: { type: "add" } })).code).toBe(403);
    expect((await p.post("/peony/v1/collection/nope", { token: demo.token, body: { type: "add" } })).code).toBe(10024);
  });

  test("follows and unfollows an official account", async ({ p, demo }) => {
    const mp = id(SEED_FIXTURES.officialAccount);
    const isFollowed = (token: string) => p.post(`/guzzle/v1/mp/is_followed/${mp}`, { token });
    expect((await isFollowed(demo.token)).data).toEqual({ is_followed: false });
    const followed = await p.post(`/guzzle/v1/mp/follow/${mp}`, { token: demo.token, body: { type: "add" } });
    expect(followed.data).toEqual({ is_followed: true, follower_count: 1234568 });
    expect((await isFollowed(demo.token)).data).toEqual({ is_followed: true });
    expect((await isFollowed(await p.anonymousToken())).data).toEqual({ is_followed: false });
    expect((await p.post(`/guzzle/v1/mp/follow/${mp}`, { token: demo.token, body: { type: "del" } })).data).toEqual({
      is_followed: false,
      follower_count: 1234567,
    });
    expect((await p.post(`/guzzle/v1/mp/is_followed/${id(SEED_FIXTURES.followedAccount)}`, { token: demo.token })).data.is_followed).toBe(true);
    expect((await p.post("/guzzle/v1/mp/is_followed/nope", { token: demo.token })).code).toBe(404);
  });
});
