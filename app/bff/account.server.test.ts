import { describe, expect } from "vitest";
import { json } from "./fake-platform.test-support";
import { fakePlatformTest } from "./fixtures.test-support";

const test = fakePlatformTest({ account: () => import("~/bff/account.server") });

const caller = { token: "new-user-token", requestId: "r" };
const user = { user_id: "u1", alias: "演示用户", avatar: "/a.png" };

describe("fetchAccountAfterLogin", () => {
  test("retries while the account answers 402, then returns it", async ({ platform, account }) => {
    let calls = 0;
    platform.answer((_req, res) => {
      calls += 1;
      json(res, calls < 3 ? { code: 402, message: "账号初始化中", data: null } : { code: 0, message: "", data: user });
    });
    await expect(account.fetchAccountAfterLogin(caller, "u1")).resolves.toMatchObject(user);
    expect(calls).toBe(3);
    expect(platform.seen[0].url).toBe("/api/peony/v1/account/u1");
    expect(platform.seen[0].headers.authorization).toBe("new-user-token");
  });

  test("gives up after three retries with the network-error text", async ({ platform, account }) => {
    platform.answer((_req, res) => json(res, { code: 402, message: "账号初始化中", data: null }));
    await expect(account.fetchAccountAfterLogin(caller, "u1")).rejects.toMatchObject({ message: "网络错误，请稍后重试～" });
    expect(platform.seen).toHaveLength(4);
  });

  test("keeps the platform's message for other failures, without retrying", async ({ platform, account }) => {
    platform.answer((_req, res) => json(res, { code: 401, message: "登录已失效", data: null }));
    await expect(account.fetchAccountAfterLogin(caller, "u1")).rejects.toMatchObject({ message: "登录已失效", code: 401 });
    expect(platform.seen).toHaveLength(1);
  });
});
