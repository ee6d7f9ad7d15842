import { describe, expect, vi } from "vitest";
import { bffTest } from "~/bff/fixtures.test-support";
import { LIVE_FIXTURES } from "../../platform/seed-live";

// Low write limits, set before anything reads the environment: per account, and per address. The upstream's close
// at the file's end takes them back (vi.unstubAllEnvs), so no later file in the worker gets them.
vi.hoisted(() => {
  vi.stubEnv("WRITE_RATE_LIMIT_PER_MINUTE", "2");
  vi.stubEnv("WRITE_ADDRESS_RATE_LIMIT_PER_MINUTE", "3");
});

const test = bffTest({ interactions: () => import("~/route-support/interaction-action.server"), live: () => import("~/bff/live.server") }).extend<{
  user: { token: string; requestId: string };
}>({
  user: [async ({ upstream }, use) => use({ token: (await upstream.platform.loginDemo()).token, requestId: "interactions-test" }), { scope: "file" }],
});

describe("performInteraction", () => {
  test("carries out a write whose visitor went away before the answer (their request's signal aborted)", async ({ interactions, live, user }) => {
    // What a reload right after the tap does to the action's request.
    const gone = { ...user, signal: AbortSignal.abort() };
    const booked = await interactions.performInteraction(gone, { intent: "live_book", liveId: LIVE_FIXTURES.upcoming, type: "add" }, "account-gone");
    expect(booked.toast.kind).toBe("success");
    expect((await live.getLiveInfo(user, LIVE_FIXTURES.upcoming)).booked).toBe(true);
    await interactions.performInteraction(gone, { intent: "live_book", liveId: LIVE_FIXTURES.upcoming, type: "del" }, "account-gone");
    expect((await live.getLiveInfo(user, LIVE_FIXTURES.upcoming)).booked).toBe(false);
  });

  test("answers a platform refusal with its message", async ({ interactions, user }) => {
    const refused = await interactions.performInteraction(
      user,
      { intent: "live_book", liveId: LIVE_FIXTURES.landscapeLive, type: "add" },
      "account-refused",
    );
    expect(refused.toast).toEqual({ kind: "error", text: "直播已开始，快去观看吧" });
  });

  test("refuses an account past its writes, whatever address it writes from, before the platform hears of it", async ({
    interactions,
    upstream,
    user,
  }) => {
    const follow = { intent: "follow", mp: "limits-test", type: "add" } as const;
    const write = (clientIp: string) => interactions.performInteraction({ ...user, clientIp }, follow, "account-busy");
    const allowed = [await write("198.51.100.1"), await write("198.51.100.2")];
    expect(allowed.map((result) => result.retryAfter)).toEqual([undefined, undefined]);
    const calls = upstream.platform.received.length;
    const refused = await write("198.51.100.3");
    expect(refused).toEqual({ toast: { kind: "error", text: interactions.INTERACTION_TEXTS.tooFrequent }, retryAfter: expect.any(Number) });
    expect(refused.retryAfter).toBeGreaterThan(0);
    expect(refused.retryAfter).toBeLessThanOrEqual(60);
    expect(upstream.platform.received.length).toBe(calls);
    // Comments, collects and bookings draw on the same budget.
    const comment = { intent: "comment", postId: "x", trackId: "", content: "太快了", reply: null } as const;
    expect((await interactions.performInteraction({ ...user, clientIp: "198.51.100.4" }, comment, "account-busy")).retryAfter).toBeGreaterThan(0);
  });

  test("refuses an address past its writes, whichever accounts write from it", async ({ interactions, user }) => {
    const collect = { intent: "collect", postId: "x", trackId: "", type: "add" } as const;
    const write = (account: string) => interactions.performInteraction({ ...user, clientIp: "203.0.113.9" }, collect, account);
    for (const account of ["a1", "a2", "a3"]) expect((await write(account)).retryAfter).toBeUndefined();
    expect((await write("a4")).retryAfter).toBeGreaterThan(0);
  });
});
