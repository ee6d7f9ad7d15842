import { createHash } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startBffUpstream } from "../../platform/bff-upstream.test-support";
import { DEMO_WECHAT } from "../../platform/wechat-signature";

let local: Awaited<ReturnType<typeof startBffUpstream>>;
let wechat: typeof import("~/bff/wechat.server");

beforeAll(async () => {
  local = await startBffUpstream();
  wechat = await import("~/bff/wechat.server");
});
afterAll(() => local.close());

describe("getWeChatSignature", () => {
  it("returns the platform's signature under the name wx.config takes, valid for the URL asked", async () => {
    const url = "http://localhost:3000/davmu/share/?group=a&_t=1795000000000";
    const answer = await wechat.getWeChatSignature({ token: null, requestId: null }, url);
    expect(answer.appId).toBe(DEMO_WECHAT.appId);
    const text = `jsapi_ticket=${DEMO_WECHAT.jsapiTicket}&noncestr=${answer.nonceStr}&timestamp=${answer.timestamp}&url=${url}`;
    expect(answer.signature).toBe(createHash("sha1").update(text).digest("hex"));
  });

  it("fails with the platform's refusal for a page off its safe domains", async () => {
    await expect(wechat.getWeChatSignature({ token: null, requestId: null }, "https://evil.example/davmu/share/")).rejects.toMatchObject({
      kind: "code",
      code: 403,
    });
  });
});
