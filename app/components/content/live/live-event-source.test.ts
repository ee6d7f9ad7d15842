import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { openLiveEvents, type Connection } from "~/components/content/live/live-event-source";

/** A stand-in for the browser's EventSource: the test plays the site's answers (open, events, a refusal, a drop). */
class FakeEventSource extends EventTarget {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSED = 2;
  static made: FakeEventSource[] = [];
  readyState = FakeEventSource.CONNECTING;
  lastEventId = "";
  onopen: (() => void) | null = null;
  onerror: (() => void) | null = null;
  constructor(readonly url: string) {
    super();
    FakeEventSource.made.push(this);
  }
  close() {
    this.readyState = FakeEventSource.CLOSED;
  }
  opened() {
    this.readyState = FakeEventSource.OPEN;
    this.onopen?.();
  }
  /** As the browser does, an event without an id carries the last id the source had. */
  event(name: string, data: unknown, id?: number) {
    if (id !== undefined) this.lastEventId = String(id);
    this.dispatchEvent(new MessageEvent(name, { data: JSON.stringify(data), lastEventId: this.lastEventId }));
  }
  /** A 429, 503 or 404: the browser fails the connection for good. */
  refused() {
    this.readyState = FakeEventSource.CLOSED;
    this.onerror?.();
  }
  /** A connection that drops: the browser reconnects by itself. */
  dropped() {
    this.readyState = FakeEventSource.CONNECTING;
    this.onerror?.();
  }
}

const sources = () => FakeEventSource.made;
const latest = () => FakeEventSource.made.at(-1)!;

function watch(random = () => 1) {
  const received: [string, unknown, number][] = [];
  const connections: Connection[] = [];
  const on = (name: string) => (data: unknown, id: number) => received.push([name, data, id]);
  const close = openLiveEvents({
    url: "/davmu/share/api/live/marathon/events",
    resumeFrom: 40,
    events: { message: on("message"), reset: on("reset") },
    onConnection: (connection) => connections.push(connection),
    random,
  });
  return { received, connections, close };
}

beforeEach(() => {
  FakeEventSource.made = [];
  vi.stubGlobal("EventSource", FakeEventSource);
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe("openLiveEvents", () => {
  it("resumes after the page's position and hands each event on, parsed, with its id", () => {
    const page = watch();
    expect(latest().url).toBe("/davmu/share/api/live/marathon/events?last_event_id=40");
    latest().opened();
    latest().event("message", { msg_id: "m41" }, 41);
    latest().event("reset", {});
    expect(page.received).toEqual([
      ["message", { msg_id: "m41" }, 41],
      ["reset", {}, 41],
    ]);
    expect(page.connections).toEqual(["open"]);
  });

  it("leaves a dropped connection to the browser's own reconnection", () => {
    const page = watch();
    latest().opened();
    latest().dropped();
    vi.advanceTimersByTime(600_000);
    expect(sources()).toHaveLength(1);
    expect(page.connections).toEqual(["open", "connecting"]);
  });

  it("after a refusal, opens again later, backing off while refusals go on, from the last event it had", () => {
    const page = watch();
    latest().opened();
    latest().event("message", { msg_id: "m45" }, 45);
    latest().refused();
    // Not at once: the first wait is 5 s (here jittered to all of it), then 10, 20, 40 and 60 s at most.
    vi.advanceTimersByTime(4_999);
    expect(sources()).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(sources()).toHaveLength(2);
    expect(latest().url).toBe("/davmu/share/api/live/marathon/events?last_event_id=45");
    const waits: number[] = [];
    for (let i = 0; i < 6; i++) {
      const before = sources().length;
      latest().refused();
      let waited = 0;
      while (sources().length === before) {
        vi.advanceTimersByTime(1_000);
        waited += 1_000;
      }
      waits.push(waited);
    }
    expect(waits).toEqual([10_000, 20_000, 40_000, 60_000, 60_000, 60_000]);
    expect(page.connections.filter((connection) => connection === "lost")).toHaveLength(7);
    // Let in again: the next refusal starts over from the shortest wait.
    latest().opened();
    latest().refused();
    vi.advanceTimersByTime(5_000);
    expect(sources()).toHaveLength(9);
  });

  it("jitters each wait down by up to half, so refused pages do not come back together", () => {
    watch(() => 0);
    latest().refused();
    vi.advanceTimersByTime(2_499);
    expect(sources()).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(sources()).toHaveLength(2);
  });

  it("stops for good when the broadcast is gone, and when the page closes it, a pending reopen included", () => {
    const gone = watch();
    latest().opened();
    latest().event("gone", {});
    expect(latest().readyState).toBe(FakeEventSource.CLOSED);
    vi.advanceTimersByTime(600_000);
    expect(sources()).toHaveLength(1);
    expect(gone.connections).toEqual(["open", "lost"]);

    const leaving = watch();
    latest().refused();
    leaving.close();
    vi.advanceTimersByTime(600_000);
    expect(sources()).toHaveLength(2);
  });
});
