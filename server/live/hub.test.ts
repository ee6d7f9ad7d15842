import { afterEach, describe, expect, it, vi } from "vitest";
import { createLiveHub, type LiveEvent, type LiveHub, type Subscriber } from "./hub";
import { fakeUpstream, message } from "./hub.test-support";

function recorder() {
  const events: LiveEvent[] = [];
  let resets = 0;
  let gone = 0;
  const subscriber: Subscriber = { send: (event) => events.push(event), reset: () => resets++, gone: () => gone++ };
  return { subscriber, events, ids: () => events.map((e) => e.id), resets: () => resets, gone: () => gone };
}

/**
 * Waits until the hub's read loop has delivered what was written: the stream is read in order, so once the last
 * event written has arrived, every one before it was handled too (delivered or dropped).
 */
const delivered = (check: () => void) => vi.waitFor(check, { timeout: 2_000, interval: 1 });

afterEach(() => vi.useRealTimers());

/** Long after (fake timers): the upstream was asked `attempts` times in all, and the hub holds no broadcast and no timer. */
async function expectLetGo(hub: LiveHub, upstream: ReturnType<typeof fakeUpstream>, attempts: number) {
  await vi.advanceTimersByTimeAsync(120_000);
  expect(upstream.attempts()).toBe(attempts);
  expect(hub.stats()).toEqual([]);
  expect(vi.getTimerCount()).toBe(0);
}

describe("createLiveHub", () => {
  it("opens one upstream for many visitors of one broadcast and sends each of them every event once", async () => {
    const upstream = fakeUpstream();
    const hub = createLiveHub({ connect: upstream.connect, log: () => undefined });
    const visitors = Array.from({ length: 50 }, () => recorder());
    const subscriptions = visitors.map((v) => hub.subscribe("marathon", null, v.subscriber));
    expect(await subscriptions[0]!.watch).toBe("watching");
    expect(upstream.connections).toHaveLength(1);

    upstream.last().write(message(1) + message(2));
    upstream.last().write(message(2) + message(3)); // a replayed duplicate, then the next
    await delivered(() => expect(visitors.every((visitor) => visitor.ids().includes(3))).toBe(true));
    for (const visitor of visitors) expect(visitor.ids()).toEqual([1, 2, 3]);
    expect(JSON.parse(visitors[0]!.events[0]!.data)).toMatchObject({ msg_id: "m1", text: "消息1" });
    hub.close();
  });

  it("drops events whose data does not match the contract, and forwards data as re-serialized JSON only", async () => {
    const upstream = fakeUpstream();
    const hub = createLiveHub({ connect: upstream.connect, log: () => undefined });
    const visitor = recorder();
    await hub.subscribe("marathon", null, visitor.subscriber).watch;
    upstream
      .last()
      .write(
        `id: 1\nevent: message\ndata: {"msg_id": 5}\n\nid: 2\nevent: bogus\ndata: {}\n\nid: 3\nevent: stats\ndata: {"online_count":3,"like_count":9,"x":"<script>"}\n\n`,
      );
    await delivered(() => expect(visitor.ids()).toContain(3));
    expect(visitor.events).toEqual([{ id: 3, event: "stats", data: '{"online_count":3,"like_count":9}' }]);
    hub.close();
  });

  it("resumes a visitor from Last-Event-ID with exactly what they missed, from its ring", async () => {
    const upstream = fakeUpstream();
    const hub = createLiveHub({ connect: upstream.connect, log: () => undefined });
    const watcher = recorder();
    await hub.subscribe("marathon", null, watcher.subscriber).watch;
    upstream.last().write(message(1) + message(2) + message(3) + message(4));
    await delivered(() => expect(watcher.ids()).toContain(4));

    const resumed = recorder();
    hub.subscribe("marathon", 2, resumed.subscriber);
    upstream.last().write(message(5));
    await delivered(() => expect(resumed.ids()).toContain(5));
    expect(resumed.ids()).toEqual([3, 4, 5]);
    expect(resumed.resets()).toBe(0);

    const upToDate = recorder();
    hub.subscribe("marathon", 5, upToDate.subscriber);
    upstream.last().write(message(6));
    await delivered(() => expect(upToDate.ids()).toContain(6));
    expect(upToDate.ids()).toEqual([6]);
    hub.close();
  });

  it("asks a visitor to reset when they resume from before what its ring covers", async () => {
    const upstream = fakeUpstream();
    const hub = createLiveHub({ connect: upstream.connect, ringSize: 3, log: () => undefined });
    const watcher = recorder();
    await hub.subscribe("marathon", null, watcher.subscriber).watch;
    upstream.last().write([10, 11, 12, 13, 14].map(message).join(""));
    await delivered(() => expect(watcher.ids()).toContain(14));
    const late = recorder();
    hub.subscribe("marathon", 10, late.subscriber);
    expect(late.resets()).toBe(1);
    const inRing = recorder();
    hub.subscribe("marathon", 11, inRing.subscriber);
    expect(inRing.ids()).toEqual([12, 13, 14]);
    expect(inRing.resets()).toBe(0);
    hub.close();
  });

  it("tells a visitor who must reset the newest state and counts at once, even when the ring let them go", async () => {
    const upstream = fakeUpstream();
    const hub = createLiveHub({ connect: upstream.connect, ringSize: 3, log: () => undefined });
    const watcher = recorder();
    await hub.subscribe("marathon", null, watcher.subscriber).watch;
    const state = (id: number, status: number) =>
      `id: ${id}\nevent: state\ndata: ${JSON.stringify({ status, start_time: 1, end_time: 2, stream_url: null, playlists: [] })}\n\n`;
    const stats = (id: number) => `id: ${id}\nevent: stats\ndata: {"online_count":${id},"like_count":1}\n\n`;
    upstream.last().write(state(20, 0) + stats(21) + state(22, 1) + stats(23) + [24, 25, 26].map(message).join(""));
    await delivered(() => expect(watcher.ids()).toContain(26));
    const late = recorder();
    hub.subscribe("marathon", 19, late.subscriber);
    expect(late.resets()).toBe(1);
    expect(late.events.map((e) => [e.id, e.event])).toEqual([
      [22, "state"],
      [23, "stats"],
    ]);
    expect(JSON.parse(late.events[0]!.data)).toMatchObject({ status: 1 });
    upstream.last().write(message(27));
    await delivered(() => expect(late.ids()).toContain(27));
    expect(late.ids()).toEqual([22, 23, 27]);
    hub.close();
  });

  it("starts the upstream from the first visitor's Last-Event-ID, so the platform replays what they missed", async () => {
    const upstream = fakeUpstream();
    const hub = createLiveHub({ connect: upstream.connect, log: () => undefined });
    const visitor = recorder();
    await hub.subscribe("marathon", 7, visitor.subscriber).watch;
    expect(upstream.last().lastEventId).toBe(7);
    upstream.last().write(message(7) + message(8));
    await delivered(() => expect(visitor.ids()).toContain(8));
    expect(visitor.ids()).toEqual([8]);
    hub.close();
  });

  it("resumes the upstream with its own Last-Event-ID after a disconnect, backing off with jitter, without duplicates", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    const upstream = fakeUpstream();
    const waits: number[] = [];
    const hub = createLiveHub({
      connect: upstream.connect,
      backoffBaseMs: 100,
      backoffMaxMs: 800,
      random: () => 1,
      log: (line) => waits.push(Number(/in (\d+) ms/.exec(line)?.[1])),
    });
    const visitor = recorder();
    hub.subscribe("marathon", null, visitor.subscriber);
    await vi.advanceTimersByTimeAsync(0);
    upstream.last().write(message(1) + message(2));
    await vi.advanceTimersByTimeAsync(0);
    upstream.refuseWith(503);
    upstream.last().end();
    // Four refused attempts after the drop: the delays grow 100, 200, 400, 800 and stay at the cap.
    await vi.advanceTimersByTimeAsync(100 + 200 + 400 + 800);
    expect(waits).toEqual([100, 200, 400, 800, 800]);
    expect(upstream.connections).toHaveLength(1);
    upstream.refuseWith(null);
    await vi.advanceTimersByTimeAsync(799);
    expect(upstream.connections).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(upstream.connections).toHaveLength(2);
    expect(upstream.last().lastEventId).toBe(2);
    upstream.last().write(message(2) + message(3));
    await vi.advanceTimersByTimeAsync(0);
    expect(visitor.ids()).toEqual([1, 2, 3]);
    hub.close();
  });

  it("jitters each delay between half and all of its exponential ceiling", () => {
    const low = createLiveHub({ connect: fakeUpstream().connect, backoffBaseMs: 100, backoffMaxMs: 1000, random: () => 0 });
    const high = createLiveHub({ connect: fakeUpstream().connect, backoffBaseMs: 100, backoffMaxMs: 1000, random: () => 0.999 });
    expect([0, 1, 2, 3, 4, 10].map(low.backoffDelay)).toEqual([50, 100, 200, 400, 500, 500]);
    expect([0, 1, 2, 3, 4, 10].map(high.backoffDelay)).toEqual([100, 200, 400, 800, 1000, 1000]);
  });

  it("closes the upstream a grace period after the last visitor leaves, and keeps it when one comes back in time", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    const upstream = fakeUpstream();
    const hub = createLiveHub({ connect: upstream.connect, graceMs: 1000, log: () => undefined });
    const first = hub.subscribe("marathon", null, recorder().subscriber);
    await vi.advanceTimersByTimeAsync(1);
    first.unsubscribe();
    await vi.advanceTimersByTimeAsync(500);
    const back = hub.subscribe("marathon", null, recorder().subscriber);
    await vi.advanceTimersByTimeAsync(2000);
    expect(upstream.last().signal.aborted).toBe(false);
    back.unsubscribe();
    await vi.advanceTimersByTimeAsync(999);
    expect(upstream.last().signal.aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(upstream.last().signal.aborted).toBe(true);
    expect(hub.stats()).toEqual([]);
    expect(upstream.connections).toHaveLength(1);
  });

  it("answers a broadcast the platform does not know as unknown, once, and holds nothing for it", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    const upstream = fakeUpstream();
    upstream.refuseWith(404);
    const hub = createLiveHub({ connect: upstream.connect, log: () => undefined });
    const visitor = recorder();
    const subscription = hub.subscribe("nope", null, visitor.subscriber);
    expect(await subscription.watch).toBe("unknown");
    expect(visitor.gone()).toBe(1);
    await expectLetGo(hub, upstream, 1);
  });

  it("ends the streams of a broadcast deleted while watched, without retrying it", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    const upstream = fakeUpstream();
    const hub = createLiveHub({ connect: upstream.connect, backoffBaseMs: 100, log: () => undefined });
    const visitor = recorder();
    expect(await hub.subscribe("marathon", null, visitor.subscriber).watch).toBe("watching");
    upstream.refuseWith(404);
    upstream.last().end();
    await expectLetGo(hub, upstream, 2);
    expect(visitor.gone()).toBe(1);
  });

  it("does not retry a broadcast it never reached: its visitors hear it is unavailable, and the hub holds nothing", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    const upstream = fakeUpstream();
    upstream.refuseWith(503);
    const hub = createLiveHub({ connect: upstream.connect, log: () => undefined });
    const [first, second] = [hub.subscribe("guessed-id", null, recorder().subscriber), hub.subscribe("guessed-id", null, recorder().subscriber)];
    expect(await first.watch).toBe("unavailable");
    expect(await second.watch).toBe("unavailable");
    await expectLetGo(hub, upstream, 1);
  });

  it("retries a watched broadcast through an outage, and stops the moment its last visitor leaves", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    const upstream = fakeUpstream();
    const hub = createLiveHub({
      connect: upstream.connect,
      graceMs: 10_000,
      backoffBaseMs: 100,
      backoffMaxMs: 1000,
      random: () => 1,
      log: () => undefined,
    });
    const visitor = hub.subscribe("marathon", null, recorder().subscriber);
    expect(await visitor.watch).toBe("watching");
    upstream.refuseWith(503);
    upstream.last().end();
    await vi.advanceTimersByTimeAsync(100 + 200 + 400);
    expect(upstream.attempts()).toBe(4);
    expect(hub.stats()).toEqual([expect.objectContaining({ liveId: "marathon", subscribers: 1, upstreamOpen: false })]);
    // No grace while the upstream is down: the wait to retry ends with the visitor.
    visitor.unsubscribe();
    expect(hub.stats()).toEqual([]);
    expect(vi.getTimerCount()).toBe(0);
    await expectLetGo(hub, upstream, 4);
  });

  it("does not resume an upstream that drops during the grace after the last visitor left", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    const upstream = fakeUpstream();
    const hub = createLiveHub({ connect: upstream.connect, graceMs: 10_000, backoffBaseMs: 100, log: () => undefined });
    const visitor = hub.subscribe("marathon", null, recorder().subscriber);
    await visitor.watch;
    visitor.unsubscribe();
    expect(hub.stats()).toHaveLength(1);
    upstream.last().end();
    await expectLetGo(hub, upstream, 1);
  });

  it("answers a visitor still waiting for the first answer as unavailable when the hub closes", async () => {
    const upstream = fakeUpstream();
    upstream.stayingSilent(true);
    const hub = createLiveHub({ connect: upstream.connect });
    const waiting = hub.subscribe("marathon", null, recorder().subscriber);
    hub.close();
    expect(await waiting.watch).toBe("unavailable");
    expect(hub.stats()).toEqual([]);
  });

  it("drops a silent upstream after the idle limit and resumes it", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    const upstream = fakeUpstream();
    const hub = createLiveHub({
      connect: upstream.connect,
      idleMs: 1000,
      backoffBaseMs: 100,
      backoffMaxMs: 100,
      random: () => 1,
      log: () => undefined,
    });
    hub.subscribe("marathon", null, recorder().subscriber);
    await vi.advanceTimersByTimeAsync(0);
    upstream.last().write(message(1));
    await vi.advanceTimersByTimeAsync(999);
    expect(upstream.connections[0]!.signal.aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(upstream.connections[0]!.signal.aborted).toBe(true);
    await vi.advanceTimersByTimeAsync(100);
    expect(upstream.connections).toHaveLength(2);
    expect(upstream.last().lastEventId).toBe(1);
    hub.close();
  });
});
