import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startBffUpstream } from "../../platform/bff-upstream.test-support";
import { PAGES_FIXTURES } from "../../platform/seed-pages";

let local: Awaited<ReturnType<typeof startBffUpstream>>;
let invites: typeof import("~/bff/invite.server");

beforeAll(async () => {
  local = await startBffUpstream();
  invites = await import("~/bff/invite.server");
});
afterAll(() => local.close());

describe("getInvite", () => {
  it("reads an invitation by its code in any case, ten of who joined a page", async () => {
    const first = await invites.getInvite(local.caller, PAGES_FIXTURES.inviteCode.toLowerCase(), 1);
    expect(first).toMatchObject({ code: PAGES_FIXTURES.inviteCode, expired: false, total: PAGES_FIXTURES.inviteCodeJoined });
    expect(first.list).toHaveLength(invites.INVITE_RECORD_PAGE_SIZE);
    expect((await invites.getInvite(local.caller, PAGES_FIXTURES.inviteCode, 2)).list).toHaveLength(2);
    expect((await invites.getInvite(local.caller, PAGES_FIXTURES.expiredInviteCode, 1)).expired).toBe(true);
  });

  it("accepts only codes of 4 to 16 letters and digits", () => {
    expect(["JB7Q2K", "abcd", "A".repeat(16)].every(invites.isInviteCode)).toBe(true);
    expect(["abc", "A".repeat(17), "<script>", "AB CD", "码码码码"].some(invites.isInviteCode)).toBe(false);
  });
});
