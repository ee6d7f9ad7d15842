// Long because it checks every live call of the platform, and its playlist and housekeeping, against one set of seeded broadcasts.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { ContentDetail } from "./content-shapes";
import type { Envelope } from "./envelope";
import { openDatabase } from "./db";
import { pruneExpiredRows } from "./housekeeping";
import { liveEpoch, livePlaylist, LIVE_VARIANTS } from "./live-hls";
import type { LiveMessage, LivePost } from "./live-rooms";
import { seedDatabase } from "./seed";
import { LIVE_FIXTURES } from "./seed-live";
import { platformTest, startTestPlatform, TEST_DEV_KEY, TEST_START, testIds, type TestPlatform } from "./test-platform";

type Page<T> = { list: T[]; has_more: boolean };
type Info = {
  live_id: string;
  style: string;
  status: number;
  start_time: number;
  end_time: number;
  stream_url: string | null;
  playlists: { url: string }[];
  columns: { type: string }[];
  lbs_id: string | null;
  booked: boolean;
  booking_count: number;
  like_count: number;
};

type Call<T> = Promise<Envelope<T>>;
type Account = { token: string; user_id: string };

const test = platformTest.extend<{
  other: Account;
  info: (liveId: string, token?: string) => Call<Info>;
  send: (body: unknown, token?: string) => Call<LiveMessage>;
  chat: (query: string) => Call<Page<LiveMessage>>;
  room: (query: string) => Call<Page<LivePost>>;
  like: (body: unknown, token?: string) => Call<{ like_count: number }>;
  book: (path: "booking" | "un_booking", liveId: string, token?: string) => Call<{ booked: boolean; booking_count: number }>;
  waitOutLimits: () => void;
}>({
  other: [async ({ p }, use) => use(await p.loginWithCode("13900000005")), { scope: "file" }],
  info: async ({ p, token }, use) =>
    use((liveId, caller = token) => p.get(`/peony/v3/live/info?live_id=${encodeURIComponent(liveId)}`, { token: caller })),
  send: async ({ p, demo }, use) => use((body, token = demo.token) => p.post("/peony/v3/live/send_msg", { token, body })),
  chat: async ({ p, token }, use) => use((query) => p.get(`/peony/v3/live/chat?${query}`, { token })),
  room: async ({ p, token }, use) => use((query) => p.get(`/peony/v3/live/room?${query}`, { token })),
  like: async ({ p, demo }, use) => use((body, token = demo.token) => p.post("/peony/v3/live/like", { token, body })),
  book: async ({ p, demo }, use) =>
    use((path, liveId, token = demo.token) => p.post(`/peony/v3/${path}`, { token, body: { booking_id: liveId, booking_type: "live" } })),
  /** Steps past every per-user rate-limit window, so each test starts with a clean budget. */
  waitOutLimits: async ({ p }, use) => use(() => p.advance(61_000)),
});

describe("live broadcast calls", () => {
  test("describes a broadcast of each screen in each state", async ({ p, info }) => {
    const landscape = (await info(LIVE_FIXTURES.landscapeLive)).data!;
    expect(landscape).toMatchObject({ style: "landscape", status: 1, booked: false, lbs_id: expect.any(String) });
    expect(landscape.stream_url).toMatch(/^\/_platform\/media\/live\/landscape\.m3u8$/);
    const image = (await info(LIVE_FIXTURES.imageLive)).data!;
    expect(image).toMatchObject({ style: "image", status: 1, stream_url: null });
    expect(image.columns.map((c) => c.type)).toEqual(["posts", "chat", "intro"]);
    expect((await info(LIVE_FIXTURES.portraitLive)).data!).toMatchObject({
      style: "portrait",
      status: 1,
      stream_url: "/_platform/media/live/portrait.m3u8",
    });
    const upcoming = (await info(LIVE_FIXTURES.upcoming)).data!;
    expect(upcoming).toMatchObject({ status: 0, stream_url: null, countdown: { show: true, title: "距离开播还有" } });
    // The default delay: three minutes after the platform started.
    expect(upcoming.start_time).toBe(p.now().getTime() / 1000 + 180);
    const replay = (await info(LIVE_FIXTURES.endedWithReplay)).data!;
    expect(replay).toMatchObject({ status: 2, stream_url: null });
    expect(replay.playlists[0].url).toBe("/_platform/media/river-dawn.m3u8");
    expect((await info(LIVE_FIXTURES.endedWithoutReplay)).data!).toMatchObject({ status: 2, playlists: [] });
  });

  test("refuses unknown, malformed and missing live ids, and requests without a token", async ({ p, token, info, chat }) => {
    expect(await info("no-such-broadcast")).toEqual({ code: 10024, message: "直播不存在", data: null });
    expect(await info("bad id!")).toEqual({ code: 400, message: "参数 live_id 格式错误", data: null });
    expect(await info("x".repeat(65))).toMatchObject({ code: 400 });
    expect(await p.get("/peony/v3/live/info", { token })).toMatchObject({ code: 400, message: "缺少参数 live_id" });
    expect(await p.get(`/peony/v3/live/info?live_id=${LIVE_FIXTURES.imageLive}`)).toMatchObject({ code: 401 });
    expect(await chat("live_id=no-such-broadcast")).toMatchObject({ code: 10024 });
  });

  test("gives a local_live content detail its live id and the broadcast's status", async ({ p, token }) => {
    const detail = await p.get<ContentDetail>(`/peony/v1/content/${testIds.encode(LIVE_FIXTURES.upcomingContent)}`, { token });
    expect(detail.data).toMatchObject({ content_type: "local_live", live_id: LIVE_FIXTURES.upcoming, live: { status: 0 } });
    const article = await p.get<ContentDetail>(`/peony/v1/content/${testIds.encode(1)}`, { token });
    expect(article.data).toMatchObject({ live_id: null, live: null });
  });

  test("pages the host's posts and the chat newest first", async ({ chat, room }) => {
    const first = (await room(`live_id=${LIVE_FIXTURES.imageLive}&pagesize=4`)).data!;
    expect(first.list).toHaveLength(4);
    expect(first.has_more).toBe(true);
    const rest = (await room(`live_id=${LIVE_FIXTURES.imageLive}&pagesize=50&before=${first.list[3].msg_id}`)).data!;
    expect(rest.has_more).toBe(false);
    const all = [...first.list, ...rest.list];
    expect(new Set(all.map((post) => post.msg_id)).size).toBe(9);
    const times = all.map((post) => post.created_at);
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(new Set(all.map((post) => post.kind))).toEqual(new Set(["text", "image", "video"]));
    const video = all.find((post) => post.kind === "video")!;
    expect(video.video).toEqual({ url: "/_platform/media/clip-landscape.mp4", poster: "/_platform/media/cover-14.jpg" });
    const picture = all.find((post) => post.kind === "image")!;
    expect(picture.pictures[0]).toMatchObject({ url: expect.stringMatching(/^\/_platform\/media\/.+\.jpg$/), width: expect.any(Number) });
    expect(all[0].author).toEqual({ name: "临江发布", avatar: "/_platform/media/avatar-11.png" });

    const messages = (await chat(`live_id=${LIVE_FIXTURES.imageLive}`)).data!;
    expect(messages.list.length).toBe(8);
    expect(messages.list[0].user).toMatchObject({
      id: expect.any(String),
      nickname: expect.any(String),
      avatar: expect.stringMatching(/avatar-\d+\.png$/),
    });

    expect(await chat(`live_id=${LIVE_FIXTURES.imageLive}&pagesize=51`)).toMatchObject({ code: 400, message: "参数 pagesize 不能大于 50" });
    expect(await chat(`live_id=${LIVE_FIXTURES.imageLive}&pagesize=0`)).toMatchObject({ code: 400 });
    expect(await chat(`live_id=${LIVE_FIXTURES.imageLive}&before=nonsense`)).toMatchObject({ code: 400, message: "参数 before 无效" });
    // A post's id is not a chat message's.
    expect(await chat(`live_id=${LIVE_FIXTURES.imageLive}&before=${first.list[0].msg_id}`)).toMatchObject({ code: 400 });
  });

  test("sends a chat message of a logged-in viewer while live, as plain text of 1-200 characters", async ({
    p,
    token,
    demo,
    send,
    chat,
    waitOutLimits,
  }) => {
    waitOutLimits();
    expect(await send({ live_id: LIVE_FIXTURES.imageLive, content: "你好" }, token)).toEqual({ code: 403, message: "请先登录", data: null });
    expect(await send({ live_id: LIVE_FIXTURES.imageLive, content: " \n\t " })).toEqual({ code: 400, message: "消息内容不能为空", data: null });
    expect(await send({ live_id: LIVE_FIXTURES.imageLive })).toMatchObject({ code: 400, message: "消息内容不能为空" });
    expect(await send({ live_id: LIVE_FIXTURES.imageLive, content: "长".repeat(201) })).toEqual({
      code: 400,
      message: "消息内容不能超过200字",
      data: null,
    });
    expect(await send({ live_id: "nope", content: "你好" })).toMatchObject({ code: 10024 });
    expect(await send({ live_id: LIVE_FIXTURES.upcoming, content: "你好" })).toMatchObject({ code: 403, message: "直播还没开始，开播后再来聊吧" });
    expect(await send({ live_id: LIVE_FIXTURES.endedWithReplay, content: "你好" })).toMatchObject({ code: 403, message: "直播已结束，不能再发言了" });

    const sent = await send({ live_id: LIVE_FIXTURES.imageLive, content: "  雨停了吗？\n<b>江北</b>这边还在下  " });
    expect(sent.code).toBe(0);
    expect(sent.data).toMatchObject({ text: "雨停了吗？ <b>江北</b>这边还在下", user: { id: demo.user_id, nickname: "演示用户" } });
    expect((await chat(`live_id=${LIVE_FIXTURES.imageLive}&pagesize=1`)).data!.list[0]).toEqual(sent.data);

    p.advance(2_000);
    expect((await send({ live_id: LIVE_FIXTURES.imageLive, content: "字".repeat(200) })).code).toBe(0);
  });

  test("limits each viewer to one message per 2 s and 20 per minute", async ({ p, other, send, waitOutLimits }) => {
    waitOutLimits();
    expect((await send({ live_id: LIVE_FIXTURES.portraitLive, content: "第一条" })).code).toBe(0);
    expect(await send({ live_id: LIVE_FIXTURES.portraitLive, content: "第二条" })).toEqual({
      code: 429,
      message: "发言太频繁，请2秒后再试",
      data: null,
    });
    // Another viewer is not held up.
    expect((await send({ live_id: LIVE_FIXTURES.portraitLive, content: "我也来" }, other.token)).code).toBe(0);
    for (let n = 2; n <= 20; n++) {
      p.advance(2_100);
      expect((await send({ live_id: LIVE_FIXTURES.portraitLive, content: `第${n}条` })).code).toBe(0);
    }
    p.advance(2_100);
    const refused = await send({ live_id: LIVE_FIXTURES.portraitLive, content: "第21条" });
    expect(refused.code).toBe(429);
    expect(refused.message).toMatch(/^发言太频繁，请\d+秒后再试$/);
  });

  test("adds likes of logged-in viewers, for the broadcast or one of its posts", async ({ token, info, room, like, waitOutLimits }) => {
    waitOutLimits();
    const before = (await info(LIVE_FIXTURES.landscapeLive)).data!.like_count;
    expect(await like({ live_id: LIVE_FIXTURES.landscapeLive, count: 3 })).toEqual({ code: 0, message: "success", data: { like_count: before + 3 } });
    const post = (await room(`live_id=${LIVE_FIXTURES.landscapeLive}&pagesize=1`)).data!.list[0];
    expect((await like({ live_id: LIVE_FIXTURES.landscapeLive, msg_id: post.msg_id, count: 1 })).data).toEqual({ like_count: before + 4 });
    expect((await info(LIVE_FIXTURES.landscapeLive)).data!.like_count).toBe(before + 4);

    const otherPost = (await room(`live_id=${LIVE_FIXTURES.imageLive}&pagesize=1`)).data!.list[0];
    expect(await like({ live_id: LIVE_FIXTURES.landscapeLive, msg_id: otherPost.msg_id, count: 1 })).toMatchObject({
      code: 404,
      message: "消息不存在",
    });
    expect(await like({ live_id: LIVE_FIXTURES.landscapeLive, count: 0 })).toMatchObject({ code: 400, message: "参数 count 不能小于 1" });
    expect(await like({ live_id: LIVE_FIXTURES.landscapeLive, count: 101 })).toMatchObject({ code: 400, message: "参数 count 不能大于 100" });
    expect(await like({ live_id: LIVE_FIXTURES.landscapeLive, count: 1.5 })).toMatchObject({ code: 400 });
    expect(await like({ live_id: LIVE_FIXTURES.landscapeLive, count: 1 }, token)).toMatchObject({ code: 403 });
  });

  test("limits each viewer to 600 likes a minute", async ({ p, like, waitOutLimits }) => {
    waitOutLimits();
    for (let n = 0; n < 6; n++) expect((await like({ live_id: LIVE_FIXTURES.portraitLive, count: 100 })).code).toBe(0);
    expect(await like({ live_id: LIVE_FIXTURES.portraitLive, count: 1 })).toMatchObject({
      code: 429,
      message: expect.stringMatching(/^点赞太频繁，请\d+秒后再试$/),
    });
    p.advance(61_000);
    expect((await like({ live_id: LIVE_FIXTURES.portraitLive, count: 1 })).code).toBe(0);
  });

  test("books and unbooks an upcoming broadcast, and lists a viewer's bookings", async ({ p, demo, other, info, book }) => {
    // Earlier tests stepped the clock past its start: give it ten minutes more.
    const schedule = { live_id: LIVE_FIXTURES.upcoming, starts_in_s: 600, ends_in_s: 4200 };
    expect((await p.post(`/dev/live/schedule?key=${TEST_DEV_KEY}`, { body: schedule })).code).toBe(0);
    const count = (await info(LIVE_FIXTURES.upcoming)).data!.booking_count;
    expect(await book("booking", LIVE_FIXTURES.upcoming)).toEqual({ code: 0, message: "success", data: { booked: true, booking_count: count + 1 } });
    // Booking twice counts once.
    expect((await book("booking", LIVE_FIXTURES.upcoming)).data).toEqual({ booked: true, booking_count: count + 1 });
    expect((await info(LIVE_FIXTURES.upcoming, demo.token)).data!.booked).toBe(true);
    expect((await info(LIVE_FIXTURES.upcoming, other.token)).data!.booked).toBe(false);
    const list = await p.get("/peony/v3/booking_list", { token: demo.token });
    expect(list.data).toEqual({
      list: [
        {
          booking_id: LIVE_FIXTURES.upcoming,
          booking_type: "live",
          title: "预告｜江心洲湿地观鸟节开幕直播",
          start_time: (await info(LIVE_FIXTURES.upcoming)).data!.start_time,
        },
      ],
    });
    expect((await p.get("/peony/v3/booking_list", { token: other.token })).data).toEqual({ list: [] });
    expect(await book("un_booking", LIVE_FIXTURES.upcoming)).toEqual({ code: 0, message: "success", data: { booked: false, booking_count: count } });
    expect((await book("un_booking", LIVE_FIXTURES.upcoming)).data).toEqual({ booked: false, booking_count: count });
  });

  test("books only upcoming broadcasts, for logged-in viewers", async ({ p, token, demo, book }) => {
    expect(await book("booking", LIVE_FIXTURES.landscapeLive)).toMatchObject({ code: 403, message: "直播已开始，快去观看吧" });
    expect(await book("booking", LIVE_FIXTURES.endedWithoutReplay)).toMatchObject({ code: 403, message: "直播已结束，不能预约了" });
    expect(await book("booking", LIVE_FIXTURES.upcoming, token)).toMatchObject({ code: 403, message: "请先登录" });
    expect(await p.get("/peony/v3/booking_list", { token })).toMatchObject({ code: 403 });
    expect(await book("booking", "nope")).toMatchObject({ code: 10024 });
    const wrongType = await p.post("/peony/v3/booking", { token: demo.token, body: { booking_id: LIVE_FIXTURES.upcoming, booking_type: "course" } });
    expect(wrongType).toMatchObject({ code: 400, message: "参数 booking_type 只能是 live" });
  });

  test("describes a broadcast's place and its weather", async ({ p, token, info }) => {
    const lbsId = (await info(LIVE_FIXTURES.imageLive)).data!.lbs_id!;
    expect((await p.get(`/peony/v3/lbs/${lbsId}`, { token })).data).toEqual({
      id: lbsId,
      name: "临江市防汛抗旱指挥中心",
      address: "临江市滨江区沿江路88号",
      lat: 30.5561,
      lng: 114.3012,
    });
    const weather = (await p.get(`/peony/v3/lbs_weather/${lbsId}`, { token })).data;
    expect(weather).toEqual({ id: lbsId, city: "临江", weather: "大雨", temperature: 19, updated_at: expect.any(Number) });
    expect(weather.updated_at % 3600).toBe(0);
    expect(p.now().getTime() / 1000 - weather.updated_at).toBeLessThan(3600);
    expect(await p.get("/peony/v3/lbs/nope", { token })).toMatchObject({ code: 404, message: "地点不存在" });
    expect(await p.get("/peony/v3/lbs_weather/nope", { token })).toMatchObject({ code: 404 });
  });

  test("serves a live HLS playlist whose window slides with the clock", async ({ p }) => {
    const response = await fetch(`${p.origin}/_platform/media/live/landscape.m3u8`);
    expect(response.headers.get("content-type")).toMatch(/application\/vnd\.apple\.mpegurl/);
    expect(response.headers.get("cache-control")).toBe("no-cache");
    const playlist = await response.text();
    expect(playlist).not.toContain("#EXT-X-ENDLIST");
    const sequence = (text: string) => Number(/#EXT-X-MEDIA-SEQUENCE:(\d+)/.exec(text)![1]);
    p.advance(4_000);
    expect(sequence(await (await fetch(`${p.origin}/_platform/media/live/landscape.m3u8`)).text())).toBe(sequence(playlist) + 2);
    // Its segments are served.
    const segment = playlist.split("\n").find((line) => line.endsWith(".ts"))!;
    const file = await fetch(`${p.origin}/_platform/media/live/${segment}`);
    expect(file.status).toBe(200);
    expect(file.headers.get("content-type")).toBe("video/mp2t");
    expect((await fetch(`${p.origin}/_platform/media/live/square.m3u8`)).status).toBe(404);
  });

  test("answers the live dev controls only with the development key", async ({ p }) => {
    for (const [method, path] of [
      ["GET", "/dev/live/streams"],
      ["POST", "/dev/live/drop-streams"],
      ["POST", "/dev/live/schedule"],
    ]) {
      expect((await fetch(`${p.origin}/_platform${path}`, { method })).status).toBe(404);
      expect((await fetch(`${p.origin}/_platform${path}?key=wrong-key`, { method })).status).toBe(404);
    }
    expect((await p.get(`/dev/live/streams?key=${TEST_DEV_KEY}`)).data).toEqual({ open: {} });
    const refused = await p.post(`/dev/live/schedule?key=${TEST_DEV_KEY}`, {
      body: { live_id: LIVE_FIXTURES.upcoming, starts_in_s: 60, ends_in_s: 30 },
    });
    expect(refused).toMatchObject({ code: 400, message: "参数 ends_in_s 必须大于 starts_in_s" });
  });
});

describe("the live playlist", () => {
  it("marks each restart of the loop as a discontinuity and counts those before the window", () => {
    const at = (segment: number) => new Date(segment * 2000);
    // The window ends at the segment playing now; 5 segments per loop.
    const lines = livePlaylist(LIVE_VARIANTS.landscape, at(11), 0).split("\n");
    expect(lines).toContain("#EXT-X-MEDIA-SEQUENCE:7");
    expect(lines).toContain("#EXT-X-DISCONTINUITY-SEQUENCE:1");
    const entries = lines.filter((line) => line.endsWith(".ts") || line === "#EXT-X-DISCONTINUITY");
    expect(entries).toEqual(["landscape-2.ts", "landscape-3.ts", "landscape-4.ts", "#EXT-X-DISCONTINUITY", "landscape-0.ts", "landscape-1.ts"]);
    // A window that opens on a loop's first segment carries its discontinuity in the sequence number only.
    const opening = livePlaylist(LIVE_VARIANTS.portrait, at(14), 0).split("\n");
    expect(opening).toContain("#EXT-X-DISCONTINUITY-SEQUENCE:2");
    expect(opening.filter((line) => line === "#EXT-X-DISCONTINUITY")).toEqual([]);
  });

  it("numbers segments from an hour before the platform started, so the numbers stay small", () => {
    const start = new Date("2026-05-20T02:00:00.000Z");
    const lines = livePlaylist(LIVE_VARIANTS.landscape, start, liveEpoch(start)).split("\n");
    // 3600 s of 2 s segments before the start; the window ends at the segment playing now.
    expect(lines).toContain("#EXT-X-MEDIA-SEQUENCE:1796");
    expect(lines).toContain("#EXT-X-DISCONTINUITY-SEQUENCE:359");
  });
});

describe("the demo broadcasts at a restart", () => {
  it("start the upcoming one a few minutes ahead again and put an ended live one back on air, leaving ended ones be", async () => {
    const dir = mkdtempSync(join(tmpdir(), "live-reanchor-"));
    const dbPath = join(dir, "platform.sqlite");
    const statuses = async (p: TestPlatform) => {
      const token = await p.anonymousToken();
      const read = async (liveId: string) => (await p.get<Info>(`/peony/v3/live/info?live_id=${liveId}`, { token })).data!;
      return Promise.all([LIVE_FIXTURES.landscapeLive, LIVE_FIXTURES.upcoming, LIVE_FIXTURES.endedWithReplay].map(read));
    };
    try {
      const first = await startTestPlatform({ dbPath });
      const [, , endedBefore] = await statuses(first);
      await first.close();

      const threeDaysLater = new Date(TEST_START.getTime() + 3 * 24 * 3_600_000);
      const again = await startTestPlatform({ dbPath, now: () => threeDaysLater, liveUpcomingDelaySeconds: 300 });
      const [marathon, upcoming, ended] = await statuses(again);
      expect(marathon.status).toBe(1);
      expect(marathon.start_time).toBeLessThan(threeDaysLater.getTime() / 1000);
      expect(upcoming).toMatchObject({ status: 0, start_time: threeDaysLater.getTime() / 1000 + 300 });
      expect(ended).toMatchObject({ status: 2, start_time: endedBefore.start_time, end_time: endedBefore.end_time });
      await again.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe("live housekeeping", () => {
  it("keeps a broadcast's newest 1000 messages and every post of a short history", () => {
    const db = openDatabase(":memory:");
    const now = new Date("2026-05-20T02:00:00.000Z");
    seedDatabase(db, now);
    const room = db.prepare("SELECT id, event_seq FROM live_rooms WHERE live_id = ?").get(LIVE_FIXTURES.imageLive) as {
      id: number;
      event_seq: number;
    };
    const insert = db.prepare("INSERT INTO live_messages (room_id, seq, kind, text, user_id, created_at) VALUES (?, ?, 'message', ?, 2, ?)");
    for (let n = 1; n <= 1200; n++) insert.run(room.id, room.event_seq + n, `第${n}条`, now.toISOString());
    pruneExpiredRows(db, now);
    const count = (kind: string) =>
      (db.prepare("SELECT COUNT(*) AS n FROM live_messages WHERE room_id = ? AND kind = ?").get(room.id, kind) as { n: number }).n;
    expect(count("message")).toBe(1000);
    expect(count("post")).toBe(9);
    const oldest = db.prepare("SELECT text FROM live_messages WHERE room_id = ? AND kind = 'message' ORDER BY id LIMIT 1").get(room.id) as {
      text: string;
    };
    expect(oldest.text).toBe("第201条");
    db.close();
  });
});
