import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it, onTestFinished } from "vitest";
import type { LiveMessage } from "./live-rooms";
import { LIVE_FIXTURES } from "./seed-live";
import { platformTest, startTestPlatform, TEST_DEV_KEY, type TestPlatform } from "./test-platform";

type StreamEvent = { id: number; event: string; data: any };

/**
 * A Server-Sent Events reader over fetch: `next(kind)` waits for the next event of that kind (skipping others);
 * `ended` resolves when the server closes the stream.
 */
async function openStream(p: TestPlatform, liveId: string, options: { token: string; lastEventId?: number; query?: string }) {
  const controller = new AbortController();
  const headers: Record<string, string> = { authorization: options.token, accept: "text/event-stream" };
  if (options.lastEventId !== undefined) headers["last-event-id"] = String(options.lastEventId);
  const response = await fetch(`${p.origin}/_platform/peony/v3/live/stream?live_id=${liveId}${options.query ?? ""}`, {
    headers,
    signal: controller.signal,
  });
  expect(response.headers.get("content-type")).toBe("text/event-stream; charset=utf-8");
  const events: StreamEvent[] = [];
  const comments: string[] = [];
  const waiter: { wake: (() => void) | null } = { wake: null };
  let buffer = "";
  const ended = (async () => {
    const decoder = new TextDecoder();
    try {
      for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
        buffer += decoder.decode(chunk, { stream: true });
        let end: number;
        while ((end = buffer.indexOf("\n\n")) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const fields = Object.fromEntries(
            block
              .split("\n")
              .filter((line) => !line.startsWith(":"))
              .map((line) => [line.slice(0, line.indexOf(":")), line.slice(line.indexOf(":") + 2)]),
          );
          if (block.startsWith(":")) comments.push(block);
          if (fields.event) events.push({ id: Number(fields.id), event: fields.event, data: JSON.parse(fields.data) });
          waiter.wake?.();
        }
      }
    } catch {
      // Aborted by close().
    }
    waiter.wake?.();
  })();
  let read = 0;
  return {
    events,
    comments,
    ended,
    /** The next unread event of a kind (any kind without one). */
    async next(kind?: string): Promise<StreamEvent> {
      for (;;) {
        while (read < events.length) {
          const event = events[read++];
          if (!kind || event.event === kind) return event;
        }
        await new Promise<void>((resolve) => (waiter.wake = resolve));
      }
    },
    close: () => controller.abort(),
  };
}

const test = platformTest.extend<{ viewers: string[]; say: (liveId: string, content: string) => Promise<LiveMessage> }>({
  viewers: [
    async ({ p }, use) =>
      use(await Promise.all(["13900000002", "13900000003", "13900000004", "13900000005"].map(async (tel) => (await p.loginWithCode(tel)).token))),
    { scope: "file" },
  ],
  /** A chat message from the next viewer in turn, so no one hits the per-user rate limit. */
  say: [
    async ({ p, viewers }, use) => {
      let turn = 0;
      await use(async (liveId, content) => {
        const token = viewers[turn++ % viewers.length];
        p.advance(600);
        const sent = await p.post<LiveMessage>("/peony/v3/live/send_msg", { token, body: { live_id: liveId, content } });
        if (!sent.data) throw new Error(sent.message);
        return sent.data;
      });
    },
    { scope: "file" },
  ],
});

describe("the live event stream", () => {
  test("opens with the current state and stats, then sends new messages and likes, ids strictly increasing", async ({ p, token, viewers, say }) => {
    const stream = await openStream(p, LIVE_FIXTURES.portraitLive, { token });
    const state = await stream.next();
    expect(state).toMatchObject({ event: "state", data: { status: 1, stream_url: "/_platform/media/live/portrait.m3u8", playlists: [] } });
    const stats = await stream.next();
    expect(stats).toMatchObject({ event: "stats", data: { online_count: expect.any(Number), like_count: expect.any(Number) } });

    const sent = await say(LIVE_FIXTURES.portraitLive, "主播好！");
    const message = await stream.next();
    expect(message).toMatchObject({ event: "message", data: sent });

    const liked = await p.post<{ like_count: number }>("/peony/v3/live/like", {
      token: viewers[0],
      body: { live_id: LIVE_FIXTURES.portraitLive, count: 5 },
    });
    // Stats follow a change within 2 s.
    expect((await stream.next("stats")).data.like_count).toBe(liked.data!.like_count);

    const ids = stream.events.map((event) => event.id);
    expect(ids.every((id, index) => index === 0 || id > ids[index - 1])).toBe(true);
    // Another broadcast's messages stay out.
    await say(LIVE_FIXTURES.imageLive, "别的直播间");
    const mine = await say(LIVE_FIXTURES.portraitLive, "还是这里");
    expect((await stream.next("message")).data).toEqual(mine);
    stream.close();
  });

  test("replays exactly the posts and messages missed since Last-Event-ID, then goes on", async ({ p, token, say }) => {
    const first = await openStream(p, LIVE_FIXTURES.imageLive, { token });
    await first.next("stats");
    const seen = await say(LIVE_FIXTURES.imageLive, "断线前最后一条");
    const lastSeen = (await first.next("message")).id;
    first.close();
    await first.ended;

    const missed = [
      await say(LIVE_FIXTURES.imageLive, "错过的一"),
      await say(LIVE_FIXTURES.imageLive, "错过的二"),
      await say(LIVE_FIXTURES.imageLive, "错过的三"),
    ];
    const resumed = await openStream(p, LIVE_FIXTURES.imageLive, { token, lastEventId: lastSeen });
    const replayed = [await resumed.next(), await resumed.next(), await resumed.next()];
    expect(replayed.map((event) => event.event)).toEqual(["message", "message", "message"]);
    expect(replayed.map((event) => event.data)).toEqual(missed);
    expect(replayed.every((event) => event.id > lastSeen)).toBe(true);
    expect((await resumed.next()).event).toBe("state");
    expect((await resumed.next()).event).toBe("stats");
    expect(resumed.events.some((event) => event.data.msg_id === seen.msg_id)).toBe(false);
    const after = await say(LIVE_FIXTURES.imageLive, "重连之后");
    const live = await resumed.next("message");
    expect(live.data).toEqual(after);
    expect(live.id).toBeGreaterThan(replayed[2].id);
    resumed.close();

    // The query parameter resumes the same way (for clients that cannot set the header).
    const byQuery = await openStream(p, LIVE_FIXTURES.imageLive, { token, query: `&last_event_id=${replayed[2].id}` });
    expect((await byQuery.next()).data).toEqual(after);
    byQuery.close();
  });

  test("announces the start of an upcoming broadcast when the clock reaches it", async ({ p, token }) => {
    const schedule = { live_id: LIVE_FIXTURES.upcoming, starts_in_s: 5, ends_in_s: 3600 };
    expect((await p.post(`/dev/live/schedule?key=${TEST_DEV_KEY}`, { body: schedule })).code).toBe(0);
    const stream = await openStream(p, LIVE_FIXTURES.upcoming, { token });
    expect((await stream.next()).data).toMatchObject({ status: 0, stream_url: null });
    await stream.next("stats");
    p.advance(5_000);
    const started = await stream.next("state");
    expect(started.data).toEqual({
      status: 1,
      start_time: Math.floor(p.now().getTime() / 1000),
      end_time: Math.floor(p.now().getTime() / 1000) + 3595,
      stream_url: "/_platform/media/live/landscape.m3u8",
      playlists: [],
    });
    p.advance(3_595_000);
    expect((await stream.next("state")).data).toMatchObject({ status: 2, stream_url: null });
    stream.close();
  });

  test("answers an unknown broadcast, a bad resume point or a missing token with an envelope, not a stream", async ({ p, token }) => {
    expect(await p.get(`/peony/v3/live/stream?live_id=nope`, { token })).toEqual({ code: 10024, message: "直播不存在", data: null });
    expect(await p.get(`/peony/v3/live/stream?live_id=${LIVE_FIXTURES.imageLive}&last_event_id=abc`, { token })).toMatchObject({ code: 400 });
    expect(await p.get(`/peony/v3/live/stream?live_id=${LIVE_FIXTURES.imageLive}`)).toMatchObject({ code: 401 });
  });

  test("counts open streams per broadcast and drops one broadcast's on request, leaving the others open", async ({ p, token }) => {
    const a = await openStream(p, LIVE_FIXTURES.landscapeLive, { token });
    const b = await openStream(p, LIVE_FIXTURES.landscapeLive, { token });
    const c = await openStream(p, LIVE_FIXTURES.portraitLive, { token });
    await Promise.all([a.next("stats"), b.next("stats"), c.next("stats")]);
    expect((await p.get(`/dev/live/streams?key=${TEST_DEV_KEY}`)).data).toEqual({
      open: { [LIVE_FIXTURES.landscapeLive]: 2, [LIVE_FIXTURES.portraitLive]: 1 },
    });
    const drop = (liveId: string) => p.post(`/dev/live/drop-streams?key=${TEST_DEV_KEY}`, { body: { live_id: liveId } });
    expect((await drop(LIVE_FIXTURES.landscapeLive)).data).toEqual({ dropped: 2 });
    await Promise.all([a.ended, b.ended]);
    expect((await p.get(`/dev/live/streams?key=${TEST_DEV_KEY}`)).data).toEqual({ open: { [LIVE_FIXTURES.portraitLive]: 1 } });
    expect(await drop("no-such-live")).toMatchObject({ code: 10024 });
    expect((await drop(LIVE_FIXTURES.portraitLive)).data).toEqual({ dropped: 1 });
    await c.ended;
    expect((await p.get(`/dev/live/streams?key=${TEST_DEV_KEY}`)).data).toEqual({ open: {} });
  });

  test("forgets a stream whose client went away", async ({ p, token }) => {
    const stream = await openStream(p, LIVE_FIXTURES.portraitLive, { token });
    await stream.next("stats");
    stream.close();
    await expect.poll(async () => (await p.get(`/dev/live/streams?key=${TEST_DEV_KEY}`)).data.open).toEqual({});
  });
});

describe("the live event sequence", () => {
  it("goes on where it was after the platform restarts", async () => {
    const dir = mkdtempSync(join(tmpdir(), "live-restart-"));
    const dbPath = join(dir, "platform.sqlite");
    try {
      const before = await startTestPlatform({ dbPath });
      const token = await before.anonymousToken();
      const first = await openStream(before, LIVE_FIXTURES.imageLive, { token });
      const lastId = (await first.next("stats")).id;
      first.close();
      await before.close();

      const after = await startTestPlatform({ dbPath });
      const again = await openStream(after, LIVE_FIXTURES.imageLive, { token: await after.anonymousToken(), lastEventId: lastId });
      // Nothing was said in between: no replay, and the state takes the next id.
      expect(await again.next()).toMatchObject({ event: "state", id: lastId + 1 });
      again.close();
      await after.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe("the demo audience", () => {
  it("chats and posts in live broadcasts and leaves the others alone", async () => {
    const p = await startTestPlatform({ liveDemoIntervalMs: 40 });
    onTestFinished(() => p.close());
    const token = await p.anonymousToken();
    const stream = await openStream(p, LIVE_FIXTURES.imageLive, { token });
    const message = await stream.next("message");
    expect(message.data).toMatchObject({ text: expect.any(String), user: { nickname: expect.any(String) } });
    // The 图文直播 host posts every fourth round.
    expect((await stream.next("post")).data).toMatchObject({ author: { name: "临江发布" } });
    expect((await stream.next("stats")).data.online_count).toBeGreaterThan(0);
    stream.close();
    const quiet = (liveId: string) => p.get(`/peony/v3/live/chat?live_id=${liveId}&pagesize=50`, { token });
    expect((await quiet(LIVE_FIXTURES.upcoming)).data.list).toEqual([]);
    expect((await quiet(LIVE_FIXTURES.endedWithReplay)).data.list).toHaveLength(6);
  });
});
