import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startBffUpstream } from "../../platform/bff-upstream.test-support";
import { LIVE_FIXTURES } from "../../platform/seed-live";

let local: Awaited<ReturnType<typeof startBffUpstream>>;
let interactions: typeof import("~/route-support/interaction-action.server");
let live: typeof import("~/bff/live.server");
let user: { token: string; requestId: string };

beforeAll(async () => {
  local = await startBffUpstream();
  interactions = await import("~/route-support/interaction-action.server");
  live = await import("~/bff/live.server");
  user = { token: (await local.platform.loginDemo()).token, requestId: "interactions-test" };
});
afterAll(() => local.close());

describe("performInteraction", () => {
  it("carries out a write whose visitor went away before the answer (their request's signal aborted)", async () => {
    // What a reload right after the tap does to the action's request.
    const gone = { ...user, signal: AbortSignal.abort() };
    const booked = await interactions.performInteraction(gone, { intent: "live_book", liveId: LIVE_FIXTURES.upcoming, type: "add" });
    expect(booked.toast.kind).toBe("success");
    expect((await live.getLiveInfo(user, LIVE_FIXTURES.upcoming)).booked).toBe(true);
    await interactions.performInteraction(gone, { intent: "live_book", liveId: LIVE_FIXTURES.upcoming, type: "del" });
    expect((await live.getLiveInfo(user, LIVE_FIXTURES.upcoming)).booked).toBe(false);
  });

  it("answers a platform refusal with its message", async () => {
    const refused = await interactions.performInteraction(user, { intent: "live_book", liveId: LIVE_FIXTURES.landscapeLive, type: "add" });
    expect(refused.toast).toEqual({ kind: "error", text: "直播已开始，快去观看吧" });
  });
});
