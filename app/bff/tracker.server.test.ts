import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startBffUpstream } from "../../platform/bff-upstream.test-support";
import { statsPath } from "../../platform/routes/dev";
import { TEST_DEV_KEY } from "../../platform/test-platform";
import { detectDevice } from "~/lib/device";
import { completeEvent, exposeEvent, readEvent } from "~/lib/tracking";

let local: Awaited<ReturnType<typeof startBffUpstream>>;
let tracker: typeof import("~/bff/tracker.server");

beforeAll(async () => {
  local = await startBffUpstream();
  tracker = await import("~/bff/tracker.server");
});
afterAll(() => local.close());

const ANDROID = "Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36";
const visitor = { device: detectDevice(ANDROID), userId: null };

describe("sendTrackingEvents", () => {
  it("delivers completed events to the stat base (by default the platform), where they are counted", async () => {
    const article = local.id(3);
    const events = [
      completeEvent(readEvent({ tid: article }, Date.now(), 8_400, 72), visitor),
      completeEvent(exposeEvent([article, local.id(4)], Date.now()), visitor),
    ];
    expect(await tracker.sendTrackingEvents(local.caller, events)).toBe(2);
    const stats = await local.platform.get(statsPath(TEST_DEV_KEY));
    expect(stats.data.list.find((row: { content_id: string }) => row.content_id === article)).toMatchObject({
      reads: 1,
      avg_duration: 8,
      avg_percent: 72,
      exposes: 1,
    });
  });

  it("fails with the stat base's refusal when it rejects the batch", async () => {
    const wrong = { ...completeEvent(exposeEvent(["notAnIdAtAll"], Date.now()), visitor) };
    await expect(tracker.sendTrackingEvents(local.caller, [wrong])).rejects.toMatchObject({ kind: "code", code: 400 });
  });
});
