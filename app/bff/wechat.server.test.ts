import { createHash } from "node:crypto";
import { describe, expect } from "vitest";
import { bffTest } from "./fixtures.test-support";
import { DEMO_WECHAT } from "../../platform/wechat-signature";

const test = bffTest({ wechat: () => import("~/bff/wechat.server") });

describe("getWeChatSignature", () => {
  test("returns the platform's signature under the name wx.config takes, valid for the URL asked", async ({ wechat }) => {
    const url = "http://localhost:3000/davmu/share/?group=a&_t=1795000000000";
    const answer = await wechat.getWeChatSignature({ token: null, requestId: null }, url);
    expect(answer.appId).toBe(DEMO_WECHAT.appId);
    const text = `jsapi_ticket=${DEMO_WECHAT.jsapiTicket}&noncestr=${answer.nonceStr}&timestamp=${answer.timestamp}&url=${url}`;
    expect(answer.signature).toBe(createHash("sha1").update(text).digest("hex"));
  });

  test("fails with the platform's refusal for a page off its safe domains", async ({ wechat }) => {
    await expect(wechat.getWeChatSignature({ token: null, requestId: null }, "https://evil.example/davmu/share/")).rejects.toMatchObject({
      kind: "code",
      code: 403,
    });
  });
});
