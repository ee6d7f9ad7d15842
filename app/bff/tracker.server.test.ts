import { describe, expect } from "vitest";
import { bffTest } from "./fixtures.test-support";
import { statsPath } from "../../platform/routes/dev";
import { TEST_DEV_KEY } from "../../platform/test-platform";
import { detectDevice } from "~/lib/device";
import { completeEvent, exposeEvent, readEvent } from "~/lib/tracking";

const test = bffTest({ tracker: () => import("~/bff/tracker.server") });

const ANDROID = "Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36";
const visitor = {
  device: detectDevice(ANDROID),
  userId: null,
  deviceId: "3f9a0c1d2e4b5a6978c0d1e2f3a4b5c6",
  anonymousId: "a1b2c3d4e5f60718293a4b5c6d7e8f90",
};

describe("sendTrackingEvents", () => {
  test("delivers completed events to the stat base (by default the platform), where they are counted", async ({ upstream, tracker }) => {
    const article = upstream.id(3);
    const events = [
      completeEvent(readEvent({ tid: article }, Date.now(), 8_400, 72), visitor),
      completeEvent(exposeEvent([article, upstream.id(4)], Date.now()), visitor),
    ];
    expect(await tracker.sendTrackingEvents(upstream.caller, events)).toBe(2);
    const stats = await upstream.platform.get(statsPath(TEST_DEV_KEY));
    expect(stats.data.list.find((row: { content_id: string }) => row.content_id === article)).toMatchObject({
      reads: 1,
      avg_duration: 8,
      avg_percent: 72,
      exposes: 1,
    });
  });

  test("fails with the stat base's refusal when it rejects the batch", async ({ upstream, tracker }) => {
    const wrong = { ...completeEvent(exposeEvent(["notAnIdAtAll"], Date.now()), visitor) };
    await expect(tracker.sendTrackingEvents(upstream.caller, [wrong])).rejects.toMatchObject({ kind: "code", code: 400 });
  });
});
