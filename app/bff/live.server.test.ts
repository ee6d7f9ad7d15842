import { describe, expect, vi } from "vitest";
import { bffTest } from "./fixtures.test-support";
import { LIVE_FIXTURES } from "../../platform/seed-live";

const test = bffTest({ live: () => import("~/bff/live.server") }).extend<{ user: { token: string; requestId: string } }>({
  user: [async ({ upstream }, use) => use({ token: (await upstream.platform.loginDemo()).token, requestId: "bff-test" }), { scope: "file" }],
});

describe("the live calls over the embedded platform", () => {
  test("reads a live broadcast's info with its stream, columns and place", async ({ upstream, live }) => {
    const info = await live.getLiveInfo(upstream.caller, LIVE_FIXTURES.landscapeLive);
    expect(info).toMatchObject({ live_id: LIVE_FIXTURES.landscapeLive, style: "landscape", status: 1, booked: false });
    expect(info.stream_url).toMatch(/\.m3u8$/);
    expect(info.columns.map((column) => column.type)).toContain("chat");
    expect(info.lbs_id).toBeTruthy();
    const [place, weather] = await Promise.all([
      live.getLivePlace(upstream.caller, info.lbs_id!),
      live.getLiveWeather(upstream.caller, info.lbs_id!),
    ]);
    expect(place.name).not.toBe("");
    expect(weather.city).not.toBe("");
  });

  test("reads the host's posts and the chat newest first, paging back with before", async ({ upstream, live }) => {
    const posts = await live.listLivePosts(upstream.caller, LIVE_FIXTURES.imageLive, { pagesize: 3 });
    expect(posts.list).toHaveLength(3);
    const times = posts.list.map((post) => post.created_at);
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    const older = await live.listLivePosts(upstream.caller, LIVE_FIXTURES.imageLive, { pagesize: 3, before: posts.list.at(-1)!.msg_id });
    expect(older.list.every((post) => post.created_at <= times.at(-1)!)).toBe(true);
    const chat = await live.listLiveMessages(upstream.caller, LIVE_FIXTURES.landscapeLive);
    expect(chat.list.length).toBeGreaterThan(0);
  });

  test("sends a message, likes and books for a logged-in caller", async ({ live, user }) => {
    const message = await live.sendLiveMessage(user, LIVE_FIXTURES.portraitLive, "  主播好  ");
    expect(message).toMatchObject({ text: "主播好" });
    const before = (await live.getLiveInfo(user, LIVE_FIXTURES.portraitLive)).like_count;
    expect((await live.likeLive(user, LIVE_FIXTURES.portraitLive, 5)).like_count).toBeGreaterThanOrEqual(before + 5);
    expect(await live.setLiveBooked(user, LIVE_FIXTURES.upcoming, true)).toMatchObject({ booked: true });
    expect((await live.getLiveInfo(user, LIVE_FIXTURES.upcoming)).booked).toBe(true);
    expect(await live.setLiveBooked(user, LIVE_FIXTURES.upcoming, false)).toMatchObject({ booked: false });
  });

  test("a booking drops every stored page that shows the broadcast: the ones its info was read for", async ({ upstream, live, user }) => {
    const [{ newRenderRecord }, { onContentWritten }, { liveTag }] = await Promise.all([
      import("~/render/render-record.server"),
      import("~/runtime/content-writes.server"),
      import("~/lib/content-tag"),
    ]);
    const record = newRenderRecord();
    await live.getLiveInfo({ ...upstream.caller, record }, LIVE_FIXTURES.upcoming);
    expect([...record.tags]).toEqual([liveTag(LIVE_FIXTURES.upcoming)]);
    const written: unknown[] = [];
    const stop = onContentWritten((write) => written.push(write));
    await live.setLiveBooked(user, LIVE_FIXTURES.upcoming, true);
    await live.setLiveBooked(user, LIVE_FIXTURES.upcoming, false);
    stop();
    expect(written).toEqual(Array(2).fill({ pages: [liveTag(LIVE_FIXTURES.upcoming)], answers: [] }));
  });

  test("tells a page where its lists stand, so its first stream misses nothing said after the render and repeats nothing", async ({
    upstream,
    live,
    user,
  }) => {
    const liveId = LIVE_FIXTURES.landscapeLive;
    const [posts, messages] = await Promise.all([live.listLivePosts(upstream.caller, liveId), live.listLiveMessages(upstream.caller, liveId)]);
    const resumeFrom = live.resumePointOf(posts, messages);
    expect(resumeFrom).not.toBeNull();
    // Said between the page's render and its stream's start, while nobody watched: the hub has no upstream yet.
    upstream.platform.advance(3_000);
    const said = await live.sendLiveMessage(user, liveId, "开播后的第一句");
    const { createPlatformLiveHub } = await import("../../server/live/platform-connection");
    const hub = createPlatformLiveHub();
    expect(hub.stats()).toEqual([]);
    const received: { id: number; event: string; msgId?: string }[] = [];
    const subscription = hub.subscribe(liveId, resumeFrom, {
      send: (event) => received.push({ id: event.id, event: event.event, msgId: (JSON.parse(event.data) as { msg_id?: string }).msg_id }),
      reset: () => received.push({ id: -1, event: "reset" }),
      gone: () => received.push({ id: -1, event: "gone" }),
    });
    try {
      await vi.waitFor(() => expect(received.filter((event) => event.event === "message").map((event) => event.msgId)).toEqual([said.msg_id]));
      const onPage = new Set([...posts.list, ...messages.list].map((item) => item.msg_id));
      expect(received.filter((event) => event.msgId !== undefined && onPage.has(event.msgId))).toEqual([]);
      expect(received.every((event) => event.id > resumeFrom!)).toBe(true);
    } finally {
      subscription.unsubscribe();
      hub.close();
    }
  });

  test("rejects an unknown broadcast with the platform's 10024", async ({ upstream, live }) => {
    await expect(live.getLiveInfo(upstream.caller, "no-such-live")).rejects.toMatchObject({ kind: "code", code: 10024 });
  });
});

describe("what the live schemas let through", () => {
  test("drops URLs that may not be emitted and keeps text as text", ({ live }) => {
    const post = live.livePostSchema.parse({
      msg_id: "1",
      kind: "image",
      text: "<img src=x onerror=alert(1)>",
      pictures: [
        { url: "javascript:alert(1)", width: 1, height: 1 },
        { url: "//cdn.example.com/a.jpg", width: 640, height: 360 },
      ],
      video: { url: "data:video/mp4;base64,AAAA", poster: "" },
      author: { name: "主播", avatar: "vbscript:x" },
      created_at: 1,
    });
    expect(post).toMatchObject({
      text: "<img src=x onerror=alert(1)>",
      pictures: [{ url: "https://cdn.example.com/a.jpg", width: 640, height: 360 }],
      video: null,
      author: { name: "主播", avatar: "" },
    });
  });

  test("refuses a live id the contract does not allow", ({ live }) => {
    expect(live.isLiveId("marathon-2026")).toBe(true);
    expect(live.isLiveId("../etc")).toBe(false);
    expect(live.isLiveId("x".repeat(65))).toBe(false);
  });
});
