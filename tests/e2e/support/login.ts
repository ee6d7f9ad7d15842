import { expect, type APIRequestContext, type APIResponse, type Locator, type Page } from "@playwright/test";
import { demoPasswordFor } from "../../../platform/demo-account";
import { smsOutboxPath } from "../../../platform/routes/dev";
import { SEED_FIXTURES } from "../../../platform/seed";
import { E2E_DEV_KEY, E2E_ORIGIN } from "./e2e-server";
import { waitForHydration } from "./hydration";

/** The texts these specs look for (spec sections 2, 4, 5 and 8, and the platform's own messages). */
export const TEXTS = {
  agreementRequired: "请勾选阅读并同意《用户协议》《隐私政策》",
  loginSuccess: "登录成功～",
  logoutSuccess: "已退出登录",
  codeSent: "验证码已发送",
  wrongCode: "验证码错误",
  wrongPassword: "账号或密码错误",
  phoneInvalid: "请输入正确的手机号",
  commentEmpty: "评论内容不能为空",
  commentsClosed: "评论已关闭",
  commentSent: "评论成功",
  collected: "收藏成功",
  uncollected: "已取消收藏",
  followed: "关注成功",
  unfollowed: "已取消关注",
  logoutConfirm: "确定退出登录吗？",
} as const;

/**
 * A phone number no other test uses: 1, a second digit 3-9, nine random digits. Every test that asks for a
 * verification code takes its own, so the 60 s resend cooldown and the per-phone cap never collide.
 */
export function uniquePhone(): string {
  const second = 3 + Math.floor(Math.random() * 7);
  let rest = "";
  for (let i = 0; i < 9; i += 1) rest += Math.floor(Math.random() * 10);
  return `1${second}${rest}`;
}

/** 13800138000 → '138 0013 8000', as the phone field formats it. */
export function formattedPhone(phone: string): string {
  return `${phone.slice(0, 3)} ${phone.slice(3, 7)} ${phone.slice(7)}`;
}

/** The demo account, with the password the start-up prints for the development key. */
export const DEMO_ACCOUNT = { phone: SEED_FIXTURES.demoPhone, password: demoPasswordFor(E2E_DEV_KEY) };

/** The fields the login page's password form posts to /auth for the demo account (its CSRF field aside). */
export const DEMO_LOGIN_FORM = {
  intent: "login",
  mode: "pass",
  phone: DEMO_ACCOUNT.phone,
  password: DEMO_ACCOUNT.password,
  agreed: "on",
  redirect: "/davmu/share/",
};

type OutboxEntry = { tel: string; code: string; created_at: string };

/** Where the tests reach the platform's development pages: the embedded platform's paths on the site. */
const EMBEDDED_PLATFORM = "/_platform";

/**
 * Every code the dev SMS outbox holds for a phone, newest first, read as the README says: through the outbox
 * link the start-up prints, which carries the development key. `platform`: a platform's origin of its own.
 */
export async function smsOutbox(request: APIRequestContext, phone: string, platform = EMBEDDED_PLATFORM): Promise<OutboxEntry[]> {
  const response = await request.get(`${platform}${smsOutboxPath(E2E_DEV_KEY)}&tel=${phone}`);
  expect(response.status(), "dev SMS outbox").toBe(200);
  const body = (await response.json()) as { code: number; data: { list: OutboxEntry[] } };
  expect(body.code).toBe(0);
  return body.data.list;
}

/** Waits for the `count`-th code sent to the phone to arrive in the dev outbox and returns the newest code. */
export async function readSmsCode(request: APIRequestContext, phone: string, count = 1, platform = EMBEDDED_PLATFORM): Promise<string> {
  let list: OutboxEntry[] = [];
  await expect
    .poll(
      async () => {
        list = await smsOutbox(request, phone, platform);
        return list.length;
      },
      { message: `verification code for ${phone} in the dev outbox` },
    )
    .toBeGreaterThanOrEqual(count);
  const code = list[0].code;
  expect(code).toMatch(/^\d{6}$/);
  return code;
}

/** A 6-digit code that is certainly not `code`. */
export function wrongCodeFor(code: string): string {
  return `${(Number(code[0]) + 1) % 10}${code.slice(1)}`;
}

export function authUrl(redirect: string, mode?: "pass"): string {
  const query = new URLSearchParams({ ...(mode ? { mode } : {}), redirect });
  return `/davmu/share/auth?${query}`;
}

/**
 * Logs in on the /auth page (works with JavaScript on or off) and waits to be back on `redirect`.
 * `code` mode asks for a code and reads it from the dev outbox.
 */
export async function loginOnAuthPage(
  page: Page,
  redirect: string,
  account: { phone: string; password: string } | { phone: string; code: true },
): Promise<void> {
  const form = page.locator("form.login");
  if ("password" in account) {
    await page.goto(authUrl(redirect, "pass"));
    await form.locator("input[name=phone]").fill(account.phone);
    await form.locator("input[name=password]").fill(account.password);
    await form.locator("input[name=agreed]").check();
  } else {
    await page.goto(authUrl(redirect));
    await form.locator("input[name=phone]").fill(account.phone);
    await form.locator("input[name=agreed]").check();
    await form.locator("button[value=send-code]").click();
    await expect(form.locator("button[value=send-code]")).toBeDisabled();
    const code = await readSmsCode(page.request, account.phone);
    // Without JavaScript the page re-rendered: tick the agreement again.
    await form.locator("input[name=agreed]").check();
    await form.locator("input[name=code]").fill(code);
  }
  await form.locator("button.login__submit").click();
  // The header's avatar, or the footer's in a mini program, which has no header.
  await expect(page.locator(".banner__login .avatar, .mp-footer__login .avatar")).toBeVisible();
  // A setup step, not the check: the auth specs assert the return to `redirect` precisely.
  if (new URL(page.url()).pathname !== redirect.split(/[?#]/)[0]) await page.goto(redirect);
}

/** The seeded demo account, logged in by password. */
export function loginAsDemo(page: Page, redirect: string): Promise<void> {
  return loginOnAuthPage(page, redirect, DEMO_ACCOUNT);
}

/**
 * What a browser sends with a form post from one of our pages, which vouches for it (app/visitor/csrf.server.ts): an
 * anonymous page is shared between visitors and carries no CSRF token, so a post made for it needs this.
 */
export function fromOwnPage(origin = E2E_ORIGIN): { origin: string } {
  return { origin };
}

/**
 * Asks for a verification code through the /auth form, as a visitor without JavaScript does; returns the answer.
 * `origin` is the site's own (the request context's base URL), which the form's post must name.
 */
export async function requestCodeByForm(request: APIRequestContext, phone: string, origin = E2E_ORIGIN): Promise<APIResponse> {
  const sent = await request.post("/davmu/share/auth", {
    form: { intent: "send-code", phone, agreed: "on", redirect: "/davmu/share/" },
    headers: fromOwnPage(origin),
    maxRedirects: 0,
  });
  expect(sent.status(), `send code: ${await sent.text()}`).toBe(200);
  return sent;
}

/** Posts the /auth login form without a browser, as a visitor without JavaScript does, and expects its redirect. */
async function postLoginForm(request: APIRequestContext, fields: Record<string, string>, origin: string): Promise<void> {
  const login = await request.post("/davmu/share/auth", {
    form: { intent: "login", agreed: "on", redirect: "/davmu/share/", ...fields },
    headers: fromOwnPage(origin),
    maxRedirects: 0,
  });
  expect(login.status(), `login: ${await login.text()}`).toBe(302);
}

export type StorageState = Awaited<ReturnType<APIRequestContext["storageState"]>>;

/** A brand-new user registered by code: its phone, and its logged-in cookies. */
export type NewUser = { phone: string; storageState: StorageState };

/**
 * Registers a brand-new user by code through the /auth action, without a browser, and returns the logged-in
 * cookies as a storage state for `browser.newContext({ storageState })` or `test.use`. Each call uses one
 * verification code of the per-IP hourly budget: share the result between the tests of a file.
 */
export async function newUserStorageState(request: APIRequestContext, origin = E2E_ORIGIN, platform = EMBEDDED_PLATFORM): Promise<NewUser> {
  const phone = uniquePhone();
  await requestCodeByForm(request, phone, origin);
  const code = await readSmsCode(request, phone, 1, platform);
  await postLoginForm(request, { mode: "phone", phone, code }, origin);
  return { phone, storageState: await request.storageState() };
}

/** The demo account logged in by password through the /auth action, without a browser: its storage state. */
export async function demoStorageState(request: APIRequestContext, origin = E2E_ORIGIN): Promise<StorageState> {
  await postLoginForm(request, DEMO_LOGIN_FORM, origin);
  return request.storageState();
}

/** Opens the login sheet from the banner's 登录, once the page has hydrated (before, 登录 is the link to /auth). */
export async function openLoginSheet(page: Page): Promise<Locator> {
  await waitForHydration(page, ".banner__login");
  await page.locator(".banner__login").click();
  const sheet = page.locator(".sheet");
  await expect(sheet).toBeVisible();
  return sheet;
}
