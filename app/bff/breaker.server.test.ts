import { afterEach, describe, expect, it, vi } from "vitest";
import { createBreakers, upstreamOf } from "~/bff/breaker.server";

afterEach(() => vi.useRealTimers());

class Outage extends Error {}
class Refusal extends Error {}

/** A stand-in upstream whose next answers each test sets, counting the calls that reached it. */
function fakeUpstream() {
  let fail: Error | null = null;
  let calls = 0;
  return {
    calls: () => calls,
    failWith(error: Error | null) {
      fail = error;
    },
    call: async () => {
      calls += 1;
      if (fail) throw fail;
      return "answer";
    },
  };
}

function setUp() {
  const log: string[] = [];
  const breakers = createBreakers({ failures: 3, halfOpenAfterMs: 2000, log: (line) => log.push(line) });
  const upstream = fakeUpstream();
  const options = { countsAsFailure: (error: unknown) => error instanceof Outage, whenOpen: () => new Error("open") };
  const call = () => breakers.run("peony", upstream.call, options);
  return { breakers, upstream, call, log };
}

describe("circuit breaker", () => {
  it("opens after consecutive outages and then fails fast without calling the upstream", async () => {
    const { breakers, upstream, call, log } = setUp();
    await expect(call()).resolves.toBe("answer");
    upstream.failWith(new Outage("down"));
    for (let i = 0; i < 3; i++) await expect(call()).rejects.toBeInstanceOf(Outage);
    expect(breakers.states()).toEqual({ peony: "open" });
    expect(log).toEqual(["circuit breaker peony: open"]);

    const reached = upstream.calls();
    await expect(call()).rejects.toThrow("open");
    await expect(call()).rejects.toThrow("open");
    expect(upstream.calls()).toBe(reached);
  });

  it("does not count the upstream's refusals, and a success resets the count", async () => {
    const { breakers, upstream, call } = setUp();
    upstream.failWith(new Refusal("code 10024"));
    for (let i = 0; i < 5; i++) await expect(call()).rejects.toBeInstanceOf(Refusal);
    upstream.failWith(new Outage("down"));
    await call().catch(() => undefined);
    await call().catch(() => undefined);
    upstream.failWith(null);
    await call();
    upstream.failWith(new Outage("down"));
    await call().catch(() => undefined);
    await call().catch(() => undefined);
    expect(breakers.states()).toEqual({ peony: "closed" });
  });

  it("lets one probe through after the pause: a good answer closes it, a failure opens it again", async () => {
    vi.useFakeTimers();
    const { breakers, upstream, call, log } = setUp();
    upstream.failWith(new Outage("down"));
    for (let i = 0; i < 3; i++) await call().catch(() => undefined);

    vi.advanceTimersByTime(2001);
    const reached = upstream.calls();
    await expect(call()).rejects.toBeInstanceOf(Outage);
    expect(upstream.calls()).toBe(reached + 1);
    expect(breakers.states()).toEqual({ peony: "open" });

    vi.advanceTimersByTime(2001);
    upstream.failWith(null);
    await expect(call()).resolves.toBe("answer");
    expect(breakers.states()).toEqual({ peony: "closed" });
    expect(log).toEqual([
      "circuit breaker peony: open",
      "circuit breaker peony: half-open",
      "circuit breaker peony: open",
      "circuit breaker peony: half-open",
      "circuit breaker peony: closed",
    ]);
  });

  it("a call that may not probe fails fast after the pause too, and leaves the probe to the next call", async () => {
    vi.useFakeTimers();
    const { breakers, upstream, call } = setUp();
    upstream.failWith(new Outage("down"));
    for (let i = 0; i < 3; i++) await call().catch(() => undefined);
    vi.advanceTimersByTime(2001);
    upstream.failWith(null);
    const reached = upstream.calls();
    const noProbe = { countsAsFailure: () => false, whenOpen: () => new Error("open"), mayProbe: false };
    await expect(breakers.run("peony", upstream.call, noProbe)).rejects.toThrow("open");
    expect(upstream.calls()).toBe(reached);
    expect(breakers.states()).toEqual({ peony: "open" });
    await expect(call()).resolves.toBe("answer");
    expect(breakers.states()).toEqual({ peony: "closed" });
    await expect(breakers.run("peony", upstream.call, noProbe)).resolves.toBe("answer");
  });

  it("fails fast while the probe is under way, instead of queueing behind it", async () => {
    vi.useFakeTimers();
    const { breakers, upstream, call } = setUp();
    upstream.failWith(new Outage("down"));
    for (let i = 0; i < 3; i++) await call().catch(() => undefined);
    vi.advanceTimersByTime(2001);

    let answerProbe: (value: string) => void = () => undefined;
    const probe = breakers.run("peony", () => new Promise<string>((resolve) => (answerProbe = resolve)), {
      countsAsFailure: () => true,
      whenOpen: () => new Error("open"),
    });
    expect(breakers.states()).toEqual({ peony: "half-open" });
    const reached = upstream.calls();
    await expect(call()).rejects.toThrow("open");
    expect(upstream.calls()).toBe(reached);
    answerProbe("back");
    await expect(probe).resolves.toBe("back");
    expect(breakers.states()).toEqual({ peony: "closed" });
  });

  it("keeps one breaker per upstream service", async () => {
    const breakers = createBreakers({ failures: 1, halfOpenAfterMs: 2000, log: () => undefined });
    const options = { countsAsFailure: () => true, whenOpen: () => new Error("open") };
    await breakers.run("guzzle", () => Promise.reject(new Outage("down")), options).catch(() => undefined);
    await expect(breakers.run("peony", async () => "fine", options)).resolves.toBe("fine");
    expect(breakers.states()).toEqual({ guzzle: "open", peony: "closed" });
    expect([upstreamOf("/peony/v1/content/x"), upstreamOf("/guzzle/v1/mp/is_followed/1"), upstreamOf("")]).toEqual(["peony", "guzzle", "platform"]);
  });
});
