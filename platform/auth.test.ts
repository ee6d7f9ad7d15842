import { describe, expect } from "vitest";
import type { Envelope } from "./envelope";
import { SEED_FIXTURES } from "./seed";
import { smsOutboxPath } from "./routes/dev";
import { freshPlatformTest, platformTest, TEST_DEMO_PASSWORD, TEST_DEV_KEY, testIds } from "./test-platform";

const LOGIN = { appid: 1, platform: "mobile", device_id: "test-device" };
type Call = Promise<Envelope<any>>;

const test = platformTest.extend<{ passwordLogin: (account: string, password: string) => Call }>({
  passwordLogin: async ({ p }, use) => use((account, password) => p.post("/peony/v1/auth", { body: { ...LOGIN, account, password } })),
});
/** A platform of its own for each test, so that the limits on codes start from nothing. */
const codeTest = freshPlatformTest.extend<{
  send: (tel: string, ip?: string) => Call;
  login: (tel: string, code: string) => Call;
  outbox: (query?: string) => Call;
}>({
  send: async ({ p, token }, use) => use((tel, ip = "10.0.0.1") => p.get(`/peony/v1/vcode?tel=${tel}&type=6`, { token, ip })),
  login: async ({ p }, use) => use((tel, code) => p.post("/peony/v1/auth", { body: { ...LOGIN, account: tel, verify_code: code } })),
  outbox: async ({ p }, use) => use((query = "") => p.get(`${smsOutboxPath(TEST_DEV_KEY)}${query}`)),
});

describe("envelope and tokens", () => {
  test("issues anonymous tokens in the envelope", async ({ p }) => {
    const result = await p.post("/peony/v1/auth", { body: { appid: 1, platform: "mobile" } });
    expect(result).toMatchObject({ code: 0, message: "success" });
    expect(result.data.token).toMatch(/^[A-Za-z0-9_-]{43,}$/);
    expect(result.data.expires_in).toBe(30 * 24 * 3600);
    const other = await p.anonymousToken();
    expect(other).not.toBe(result.data.token);
  });

  test("accepts appid as a numeric string and refuses unknown apps", async ({ p }) => {
    expect((await p.post("/peony/v1/auth", { body: { appid: "1", platform: "mobile" } })).code).toBe(0);
    const unknown = await p.post("/peony/v1/auth", { body: { appid: 7, platform: "mobile" } });
    expect(unknown).toEqual({ code: 400, message: "参数 appid 无效", data: null });
    const missing = await p.post("/peony/v1/auth", { body: { appid: 1 } });
    expect(missing).toEqual({ code: 400, message: "缺少参数 platform", data: null });
  });

  test("answers 401 without a valid token", async ({ p }) => {
    expect(await p.get("/peony/v1/group")).toMatchObject({ code: 401, data: null });
    expect(await p.get("/peony/v1/group", { token: "not-a-token" })).toMatchObject({ code: 401, message: "登录状态已失效，请重新登录" });
    const token = await p.anonymousToken();
    expect((await p.get("/peony/v1/group", { token: `Bearer ${token}` })).code).toBe(0);
  });

  test("expires anonymous tokens after 30 days", async ({ p }) => {
    const token = await p.anonymousToken();
    p.advance(30 * 24 * 3600 * 1000 - 1000);
    expect((await p.get("/peony/v1/group", { token })).code).toBe(0);
    p.advance(2000);
    expect((await p.get("/peony/v1/group", { token })).code).toBe(401);
  });

  test("answers malformed JSON and unknown paths with envelopes", async ({ p }) => {
    expect(await p.post("/peony/v1/auth", { rawBody: "{oops" })).toEqual({ code: 400, message: "请求体不是合法的 JSON", data: null });
    expect(await p.get("/peony/v1/nothing-here")).toEqual({ code: 404, message: "接口不存在", data: null });
  });
});

describe("verification codes", () => {
  const wrong = (code: string) => (code === "000000" ? "111111" : "000000");

  codeTest("requires a token, a valid phone and type 6", async ({ p, token, send }) => {
    expect((await p.get("/peony/v1/vcode?tel=13812345678&type=6")).code).toBe(401);
    expect(await send("12812345678")).toEqual({ code: 400, message: "请输入正确的手机号", data: null });
    expect(await send("1381234567")).toMatchObject({ code: 400, message: "请输入正确的手机号" });
    expect(await p.get("/peony/v1/vcode?tel=13812345678&type=5", { token })).toEqual({ code: 400, message: "参数 type 无效", data: null });
  });

  codeTest("sends six digits to the outbox and the log, newest first, never in the reply", async ({ p, send, outbox }) => {
    expect(await send("13812345678")).toEqual({ code: 0, message: "success", data: null });
    const first = await outbox();
    expect(first.data.list[0]).toMatchObject({ tel: "13812345678" });
    const code: string = first.data.list[0].code;
    expect(code).toMatch(/^\d{6}$/);
    expect(first.data.list[0].text).toContain(code);
    expect(p.logs).toContain(`sms to 138****5678: code ${code} (dev outbox)`);
    await send("13912345678");
    const all = await outbox();
    expect(all.data.list.map((m: { tel: string }) => m.tel)).toEqual(["13912345678", "13812345678"]);
    const filtered = await outbox("&tel=13812345678");
    expect(filtered.data.list).toHaveLength(1);
  });

  codeTest("answers the outbox only with the development key: anything else is a plain 404", async ({ p, send, outbox }) => {
    await send("13812345678");
    for (const path of [
      "/dev/sms-outbox",
      "/dev/sms-outbox?tel=13812345678",
      "/dev/sms-outbox?key=wrong",
      `/dev/sms-outbox?key=${TEST_DEV_KEY}x`,
      "/dev/",
    ]) {
      const response = await fetch(`${p.origin}/_platform${path}`);
      expect(response.status, path).toBe(404);
      expect(await response.text(), path).not.toMatch(/\d{6}/);
    }
    const opened = await fetch(`${p.origin}/_platform${smsOutboxPath(TEST_DEV_KEY)}`);
    expect(opened.status).toBe(200);
    expect(opened.headers.get("cache-control")).toBe("no-store");
    const { code } = (await opened.json()).data.list[0];
    expect(code).toMatch(/^\d{6}$/);
    // A browser opening the printed link gets a page with the code on it.
    const page = await fetch(`${p.origin}/_platform${smsOutboxPath(TEST_DEV_KEY)}`, { headers: { accept: "text/html,*/*;q=0.8" } });
    expect(page.headers.get("content-type")).toMatch(/^text\/html/);
    expect(await page.text()).toContain(`<p class="code">${code}</p>`);
  });

  codeTest("enforces the 60-second resend cooldown", async ({ p, send }) => {
    expect((await send("13812345678")).code).toBe(0);
    p.advance(15_000);
    expect(await send("13812345678")).toEqual({ code: 429, message: "发送过于频繁，请45秒后再试", data: null });
    p.advance(45_000);
    expect((await send("13812345678")).code).toBe(0);
  });

  codeTest("caps a phone at 10 codes a day", async ({ p, send }) => {
    for (let i = 0; i < 10; i++) {
      expect((await send("13812345678", `10.0.1.${i}`)).code).toBe(0);
      p.advance(61_000);
    }
    expect(await send("13812345678", "10.0.2.1")).toMatchObject({ code: 429, message: "该手机号今日获取验证码次数已达上限，请明天再试" });
  });

  codeTest("caps an address at 20 codes an hour", async ({ send }) => {
    for (let i = 0; i < 20; i++) expect((await send(`1390000${String(1000 + i)}`, "10.9.9.9")).code).toBe(0);
    const limited = await send("13700001111", "10.9.9.9");
    expect(limited.code).toBe(429);
    expect(limited.message).toMatch(/^获取验证码过于频繁，请\d+分钟后再试$/);
    expect((await send("13700001111", "10.9.9.10")).code).toBe(0);
  });

  codeTest("logs in with the code once, registering the phone", async ({ p, send, login }) => {
    await send("13812345678");
    const code = await p.latestCode("13812345678");
    const result = await login("13812345678", code);
    expect(result.code).toBe(0);
    expect(result.data.token).toEqual(expect.any(String));
    const userId = testIds.decode(result.data.user_id);
    expect(userId).toBeGreaterThan(SEED_FIXTURES.demoUser);

    const account = await p.get(`/peony/v1/account/${result.data.user_id}`, { token: result.data.token });
    expect(account).toMatchObject({ code: 0, data: { user_id: result.data.user_id, alias: "用户5678", phone: "138****5678" } });
    expect(account.data.avatar).toBe("/_platform/media/avatar-default.png");

    expect(await login("13812345678", code)).toEqual({ code: 20004, message: "验证码已失效，请重新获取", data: null });

    // A second code login finds the same account instead of registering again.
    p.advance(61_000);
    await send("13812345678");
    const again = await login("13812345678", await p.latestCode("13812345678"));
    expect(again.data.user_id).toBe(result.data.user_id);
  });

  codeTest("burns a code on its fifth wrong attempt", async ({ p, send, login }) => {
    await send("13812345678");
    const code = await p.latestCode("13812345678");
    for (let i = 0; i < 4; i++) expect(await login("13812345678", wrong(code))).toEqual({ code: 20001, message: "验证码错误", data: null });
    expect(await login("13812345678", wrong(code))).toEqual({ code: 20003, message: "验证码错误次数过多，请重新获取", data: null });
    expect((await login("13812345678", code)).code).toBe(20003);
  });

  codeTest("expires codes after five minutes", async ({ p, send, login }) => {
    await send("13812345678");
    const code = await p.latestCode("13812345678");
    p.advance(5 * 60_000);
    expect(await login("13812345678", code)).toEqual({ code: 20002, message: "验证码已过期，请重新获取", data: null });
  });

  codeTest("only honours the newest code and needs one to have been sent", async ({ p, send, login }) => {
    expect(await login("13812345678", "123456")).toEqual({ code: 20004, message: "请先获取验证码", data: null });
    await send("13812345678");
    const first = await p.latestCode("13812345678");
    // Codes are random: send again until the newest differs from the first (a repeat is one in a million).
    let second = first;
    while (second === first) {
      p.advance(61_000);
      await send("13812345678");
      second = await p.latestCode("13812345678");
    }
    expect((await login("13812345678", first)).code).toBe(20001);
    expect((await login("13812345678", second)).code).toBe(0);
  });

  codeTest("validates the login body", async ({ p, login }) => {
    expect(await login("13812345678", "12345")).toEqual({ code: 400, message: "请输入6位数字验证码", data: null });
    expect(await p.post("/peony/v1/auth", { body: { ...LOGIN, account: "13812345678" } })).toEqual({
      code: 400,
      message: "请输入验证码或密码",
      data: null,
    });
    expect(await p.post("/peony/v1/auth", { body: { ...LOGIN, account: "23812345678", password: "x" } })).toMatchObject({
      code: 400,
      message: "请输入正确的手机号",
    });
  });
});

describe("password login, accounts and logout", () => {
  test("logs the demo account in with its password", async ({ p, passwordLogin }) => {
    const result = await passwordLogin(SEED_FIXTURES.demoPhone, TEST_DEMO_PASSWORD);
    expect(result.code).toBe(0);
    expect(result.data.user_id).toBe(testIds.encode(SEED_FIXTURES.demoUser));
    const account = await p.get(`/peony/v1/account/${result.data.user_id}`, { token: result.data.token });
    expect(account.data).toEqual({
      user_id: result.data.user_id,
      alias: "演示用户",
      avatar: "/_platform/media/avatar-01.png",
      phone: "138****8000",
    });
  });

  test("refuses wrong passwords, unknown phones and accounts without a password alike", async ({ passwordLogin }) => {
    const expected = { code: 20005, message: "账号或密码错误", data: null };
    expect(await passwordLogin(SEED_FIXTURES.demoPhone, "wrong")).toEqual(expected);
    expect(await passwordLogin("13711112222", "whatever")).toEqual(expected);
    expect(await passwordLogin(SEED_FIXTURES.codeOnlyPhone, "whatever")).toEqual(expected);
  });

  test("locks password login after five failures in 15 minutes", async ({ p, passwordLogin }) => {
    for (let i = 0; i < 4; i++) await passwordLogin(SEED_FIXTURES.demoPhone, `wrong-${i}`);
    const locked = await passwordLogin(SEED_FIXTURES.demoPhone, TEST_DEMO_PASSWORD);
    expect(locked.code).toBe(20006);
    expect(locked.message).toMatch(/^密码错误次数过多，请\d+分钟后再试，或使用验证码登录$/);
    p.advance(15 * 60_000);
    expect((await passwordLogin(SEED_FIXTURES.demoPhone, TEST_DEMO_PASSWORD)).code).toBe(0);
  });

  test("keeps accounts private and user endpoints closed to anonymous tokens", async ({ p }) => {
    const demo = await p.loginDemo();
    const other = await p.loginWithCode("13612345678");
    expect(await p.get(`/peony/v1/account/${other.user_id}`, { token: demo.token })).toMatchObject({ code: 403 });
    expect(await p.get("/peony/v1/account/not-an-id", { token: demo.token })).toMatchObject({ code: 404 });
    const anonymous = await p.anonymousToken();
    expect(await p.get(`/peony/v1/account/${demo.user_id}`, { token: anonymous })).toEqual({ code: 403, message: "请先登录", data: null });
    expect(await p.post("/peony/v1/account/logout", { token: anonymous })).toEqual({ code: 403, message: "请先登录", data: null });
  });

  test("revokes the token on logout", async ({ p }) => {
    const demo = await p.loginDemo();
    const second = await p.loginDemo();
    expect(await p.post("/peony/v1/account/logout", { token: demo.token })).toEqual({ code: 0, message: "success", data: null });
    expect((await p.get(`/peony/v1/account/${demo.user_id}`, { token: demo.token })).code).toBe(401);
    expect((await p.get(`/peony/v1/account/${second.user_id}`, { token: second.token })).code).toBe(0);
  });
});
