import { describe, expect } from "vitest";
import { bffTest } from "./fixtures.test-support";
import { PAGES_FIXTURES } from "../../platform/seed-pages";

const test = bffTest({ invites: () => import("~/bff/invite.server") });

describe("getInvite", () => {
  test("reads an invitation by its code in any case, ten of who joined a page", async ({ upstream, invites }) => {
    const first = await invites.getInvite(upstream.caller, PAGES_FIXTURES.inviteCode.toLowerCase(), 1);
    expect(first).toMatchObject({ code: PAGES_FIXTURES.inviteCode, expired: false, total: PAGES_FIXTURES.inviteCodeJoined });
    expect(first.list).toHaveLength(invites.INVITE_RECORD_PAGE_SIZE);
    expect((await invites.getInvite(upstream.caller, PAGES_FIXTURES.inviteCode, 2)).list).toHaveLength(2);
    expect((await invites.getInvite(upstream.caller, PAGES_FIXTURES.expiredInviteCode, 1)).expired).toBe(true);
  });

  test("accepts only codes of 4 to 16 letters and digits", ({ invites }) => {
    expect(["JB7Q2K", "abcd", "A".repeat(16)].every(invites.isInviteCode)).toBe(true);
    expect(["abc", "A".repeat(17), "<script>", "AB CD", "码码码码"].some(invites.isInviteCode)).toBe(false);
  });
});
