import type { ServerResponse } from "node:http";
import { describe, expect } from "vitest";
import { anonymousTokens, json } from "../../app/bff/fake-platform.test-support";
import { fakePlatformTest } from "../../app/bff/fixtures.test-support";

/** The hub over the platform's real protocol (its envelopes, its token), against a stand-in platform. */
const test = fakePlatformTest({ liveHub: () => import("./platform-connection") });

const nobody = { send() {}, reset() {}, gone() {} };
const streamCalls = (seen: { url: string }[]) => seen.filter((request) => request.url.includes("/peony/v3/live/stream")).length;
/** Longer than the hub's first waits to retry (0.25 to 0.5 s, then 0.5 to 1 s): any retry would have come by then. */
const retryWindow = () => new Promise((resolve) => setTimeout(resolve, 1_200));

describe("createPlatformLiveHub", () => {
  test.for([
    ["the platform's not-found envelope", (res: ServerResponse) => json(res, { code: 10024, message: "直播不存在", data: null })],
    ["an HTTP 404", (res: ServerResponse) => json(res, { code: 404, message: "not found", data: null }, 404)],
  ] as const)("asks once about a live id the platform does not know (%s), and holds nothing for it", async ([, answer], { platform, liveHub }) => {
    platform.answer(anonymousTokens(answer).handler);
    const hub = liveHub.createPlatformLiveHub();
    expect(await hub.subscribe("no-such-broadcast", null, nobody).watch).toBe("unknown");
    await retryWindow();
    expect(streamCalls(platform.seen)).toBe(1);
    expect(hub.stats()).toEqual([]);
  });

  test("during an outage, asks once about a broadcast it was not watching and keeps no retry loop for it", async ({ platform, liveHub }) => {
    platform.answer(anonymousTokens((res) => json(res, { code: 500, message: "busy", data: null }, 502)).handler);
    const hub = liveHub.createPlatformLiveHub();
    expect(await hub.subscribe("any-guess", null, nobody).watch).toBe("unavailable");
    await retryWindow();
    expect(streamCalls(platform.seen)).toBe(1);
    expect(hub.stats()).toEqual([]);
  });
});
