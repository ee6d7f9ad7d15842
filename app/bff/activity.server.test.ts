import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startBffUpstream } from "../../platform/bff-upstream.test-support";
import { PAGES_FIXTURES } from "../../platform/seed-pages";

let local: Awaited<ReturnType<typeof startBffUpstream>>;
let activities: typeof import("~/bff/activity.server");

beforeAll(async () => {
  local = await startBffUpstream();
  activities = await import("~/bff/activity.server");
});
afterAll(() => local.close());

describe("getActivity", () => {
  it("reads an activity with its rules sanitized", async () => {
    const ended = await activities.getActivity(local.caller, local.id(PAGES_FIXTURES.endedActivity));
    expect(ended.title).toBe("江心洲湿地摄影大赛");
    expect(ended.rules).toContain("评选结果");
    expect(ended.rules).not.toMatch(/<script|onerror|javascript:/i);
  });

  it("fails with the platform's 404 for an unknown activity", async () => {
    await expect(activities.getActivity(local.caller, local.id(999))).rejects.toMatchObject({ kind: "code", code: 404 });
  });
});
