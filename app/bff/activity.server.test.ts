import { describe, expect } from "vitest";
import { bffTest } from "./fixtures.test-support";
import { PAGES_FIXTURES } from "../../platform/seed-pages";

const test = bffTest({ activities: () => import("~/bff/activity.server") });

describe("getActivity", () => {
  test("reads an activity with its rules sanitized", async ({ upstream, activities }) => {
    const ended = await activities.getActivity(upstream.caller, upstream.id(PAGES_FIXTURES.endedActivity));
    expect(ended.title).toBe("江心洲湿地摄影大赛");
    expect(ended.rules).toContain("评选结果");
    expect(ended.rules).not.toMatch(/<script|onerror|javascript:/i);
  });

  test("fails with the platform's 404 for an unknown activity", async ({ upstream, activities }) => {
    await expect(activities.getActivity(upstream.caller, upstream.id(999))).rejects.toMatchObject({ kind: "code", code: 404 });
  });
});
