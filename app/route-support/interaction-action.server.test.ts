import { describe, expect } from "vitest";
import { bffTest } from "~/bff/fixtures.test-support";
import { LIVE_FIXTURES } from "../../platform/seed-live";

const test = bffTest({ interactions: () => import("~/route-support/interaction-action.server"), live: () => import("~/bff/live.server") }).extend<{
  user: { token: string; requestId: string };
}>({
  user: [async ({ upstream }, use) => use({ token: (await upstream.platform.loginDemo()).token, requestId: "interactions-test" }), { scope: "file" }],
});

describe("performInteraction", () => {
  test("carries out a write whose visitor went away before the answer (their request's signal aborted)", async ({ interactions, live, user }) => {
    // What a reload right after the tap does to the action's request.
    const gone = { ...user, signal: AbortSignal.abort() };
    const booked = await interactions.performInteraction(gone, { intent: "live_book", liveId: LIVE_FIXTURES.upcoming, type: "add" });
    expect(booked.toast.kind).toBe("success");
    expect((await live.getLiveInfo(user, LIVE_FIXTURES.upcoming)).booked).toBe(true);
    await interactions.performInteraction(gone, { intent: "live_book", liveId: LIVE_FIXTURES.upcoming, type: "del" });
    expect((await live.getLiveInfo(user, LIVE_FIXTURES.upcoming)).booked).toBe(false);
  });

  test("answers a platform refusal with its message", async ({ interactions, user }) => {
    const refused = await interactions.performInteraction(user, { intent: "live_book", liveId: LIVE_FIXTURES.landscapeLive, type: "add" });
    expect(refused.toast).toEqual({ kind: "error", text: "直播已开始，快去观看吧" });
  });
});
