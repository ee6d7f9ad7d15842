import { describe, expect, it } from "vitest";
import { createLikeBatcher } from "~/lib/like-batcher";

/** Lets settled sends run their follow-ups. */
const drain = () => new Promise((resolve) => setImmediate(resolve));

/** A hand-driven clock and timer queue. */
function harness(maxPerRequest = 100) {
  let clock = 0;
  const timers: { at: number; run: () => void }[] = [];
  const sent: { at: number; count: number }[] = [];
  const batcher = createLikeBatcher({
    send: async (count) => void sent.push({ at: clock, count }),
    maxPerRequest,
    now: () => clock,
    schedule: (run, ms) => timers.push({ at: clock + ms, run }),
  });
  return {
    batcher,
    sent,
    async advance(ms: number) {
      const until = clock + ms;
      for (;;) {
        await drain();
        timers.sort((a, b) => a.at - b.at);
        const next = timers[0];
        if (!next || next.at > until) break;
        timers.shift();
        clock = next.at;
        next.run();
      }
      await drain();
      clock = until;
    },
  };
}

describe("createLikeBatcher", () => {
  it("sends the first tap at once and a burst as one request a second", async () => {
    const h = harness();
    h.batcher.tap();
    await drain();
    for (let i = 0; i < 30; i++) {
      await h.advance(50);
      h.batcher.tap();
    }
    await h.advance(3000);
    expect(h.sent).toEqual([
      { at: 0, count: 1 },
      { at: 1000, count: 19 },
      { at: 2000, count: 11 },
    ]);
  });

  it("never puts more than the platform's limit in one request", async () => {
    const h = harness(100);
    for (let i = 0; i < 250; i++) h.batcher.tap();
    await h.advance(5000);
    expect(h.sent.map((s) => s.count)).toEqual([1, 100, 100, 49]);
    expect(h.sent.map((s) => s.at)).toEqual([0, 1000, 2000, 3000]);
    expect(h.batcher.pending()).toBe(0);
  });

  it("sends a lone tap after a quiet spell at once", async () => {
    const h = harness();
    h.batcher.tap();
    await h.advance(5000);
    h.batcher.tap();
    await drain();
    expect(h.sent).toEqual([
      { at: 0, count: 1 },
      { at: 5000, count: 1 },
    ]);
  });
});
