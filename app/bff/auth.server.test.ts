import { describe, expect } from "vitest";
import { json } from "./fake-platform.test-support";
import { fakePlatformTest } from "./fixtures.test-support";

const test = fakePlatformTest({ auth: () => import("~/bff/auth.server") });

const caller = { token: "anonymous-token", requestId: "r" };
const credentials = { account: "13800138000", deviceId: "d1", verifyCode: "123456" };

describe("login (spec section 8: a code other than 0 shows the server's message; an answer it cannot read is an outage)", () => {
  test("returns the session of a code 0 answer", async ({ platform, auth }) => {
    platform.answer((_req, res) => json(res, { code: 0, message: "", data: { token: "user-token", user_id: 42 } }));
    await expect(auth.login(caller, credentials)).resolves.toEqual({ token: "user-token", user_id: "42" });
    expect(platform.seen[0].url).toBe("/api/peony/v1/auth");
    expect(JSON.parse(platform.seen[0].body)).toMatchObject({
      appid: 1,
      platform: "mobile",
      account: "13800138000",
      device_id: "d1",
      verify_code: "123456",
    });
  });

  test.for([
    ["no data", null],
    ["no session in its data", {}],
    ["a token of the wrong type", { token: 42, user_id: 42 }],
    ["an empty token", { token: "", user_id: "42" }],
    ["a user id of the wrong type", { token: "user-token", user_id: { id: 42 } }],
  ])("is an outage, not the visitor's mistake, when code 0 carries %s", async ([, data], { platform, auth }) => {
    platform.answer((_req, res) => json(res, { code: 0, message: "该账号已被冻结，请联系客服", data }));
    await expect(auth.login(caller, credentials)).rejects.toMatchObject({ kind: "invalid" });
  });

  test("refuses with the platform's message when the code is not 0", async ({ platform, auth }) => {
    platform.answer((_req, res) => json(res, { code: 40001, message: "验证码错误", data: null }));
    await expect(auth.login(caller, credentials)).rejects.toMatchObject({ kind: "code", message: "验证码错误", code: 40001 });
  });
});
