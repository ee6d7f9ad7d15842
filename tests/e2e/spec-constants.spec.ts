import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { devices, type Browser, type Page } from "@playwright/test";
import { expect, test } from "./support/test";
import { HERO_WAIT_MS } from "../../app/framework/scripts-after-hero";
import { previewDeadline, previewReloadTarget } from "../../app/lib/preview";
import { signPreviewToken } from "../../platform/preview-tokens";
import { SEED_FIXTURES } from "../../platform/seed";
import { E2E_ORIGIN, E2E_PREVIEW_SECRET } from "./support/e2e-server";
import { bridgeCalls, installFakeWeChat } from "./support/fake-wechat";
import { waitForHydration } from "./support/hydration";
import { authUrl, DEMO_LOGIN_FORM, fromOwnPage, uniquePhone } from "./support/login";
import { startSite } from "./support/platform-outage";
import { articleUrl, detailUrl, urlId } from "./support/urls";
import { wechatUserAgent } from "./support/user-agents";

/**
 * The specification's constants and section 8's texts, written here as the spec gives them (never read from the
 * app), against what the site renders or sends, or what its own functions answer. A change to any of them in the
 * app fails here first, and says which value of the spec it broke.
 */

// What is checked does not depend on the phone profile (each test that needs a browser sets up its own): once.

const SPEC = {
  codeCountdownSeconds: 60,
  codeMaxLength: 6,
  commentsPageSize: 10,
  recommendPageSize: 10,
  previewReloadWindowMs: 30_000,
  previewDefaultMs: 1_800_000,
  reloadGuardMs: 60_000,
  desktopMinWidth: 1000,
  themeColour: "#FF4A26",
  shareApiList: ["updateAppMessageShareData", "updateTimelineShareData", "wx-open-launch-app", "wx-open-launch-weapp", "chooseImage"],
  trackingFields: ["timestamp", "version", "terminal", "tid", "behavior", "device_type", "device_os", "user_id"],
  readFields: ["duration", "percent"],
} as const;

/** Section 8's texts, and the toasts it names, as the site words them (the spec gives the Chinese where it has it). */
const TEXTS = {
  agreement: "请勾选阅读并同意《用户协议》《隐私政策》",
  loginSuccess: "登录成功～",
  logoutSuccess: "已退出登录",
  commentEmpty: "评论内容不能为空",
  commentsClosed: "评论已关闭",
  backHome: "返回首页",
  notFound: "抱歉，页面找不到了",
  wrongPassword: "账号或密码错误",
} as const;

const ANDROID = devices["Pixel 7"];

async function phonePage(browser: Browser, options: Parameters<Browser["newContext"]>[0] = {}): Promise<Page> {
  const context = await browser.newContext({ ...ANDROID, ...options });
  return context.newPage();
}

test("the login form: the code takes at most 6 digits, and the code button counts down 60 s and comes back", async ({ browser }) => {
  const page = await phonePage(browser);
  await page.clock.install();
  await page.goto(authUrl("/davmu/share/"));
  await waitForHydration(page, "form.login button[value=send-code]");
  const form = page.locator("form.login");
  const code = form.locator("input[name=code]");
  await expect(code).toHaveAttribute("maxlength", String(SPEC.codeMaxLength));
  await code.pressSequentially("12345678");
  await expect(code).toHaveValue("123456");

  await form.locator("input[name=phone]").pressSequentially(uniquePhone());
  await form.locator("input[name=agreed]").check();
  // The page's clock stands still from here: each second of the countdown passes when the test says so.
  await page.clock.pauseAt(Date.now() + 1000);
  const send = form.locator("button[value=send-code]");
  await send.click();
  await expect(send).toHaveText(`${SPEC.codeCountdownSeconds}s后重新获取`);
  await expect(send).toBeDisabled();
  await page.clock.runFor(1000);
  await expect(send).toHaveText(`${SPEC.codeCountdownSeconds - 1}s后重新获取`);
  await page.clock.runFor((SPEC.codeCountdownSeconds - 2) * 1000);
  await expect(send).toHaveText("1s后重新获取");
  await page.clock.runFor(1000);
  await expect(send).toHaveText("获取验证码");
  await expect(send).toBeEnabled();
  await page.context().close();
});

test("page sizes: comments and the recommended list come 10 at a time; the theme colour is the spec's", async ({ tab: page, request }) => {
  await page.goto(articleUrl(SEED_FIXTURES.manyComments));
  await expect(page.locator("#comments .comment-list > li")).toHaveCount(SPEC.commentsPageSize);
  await expect(page.locator("#feed-recommend .card-list > li")).toHaveCount(SPEC.recommendPageSize);
  await expect(page.locator('meta[name="theme-color"][media*="light"]')).toHaveAttribute("content", SPEC.themeColour);
  // The next page of comments, as 'load more' asks for it.
  const comments = await request.get(`/davmu/share/api/comments/${urlId(SEED_FIXTURES.manyComments)}?page=2`);
  expect(((await comments.json()) as { list: unknown[] }).list).toHaveLength(SPEC.commentsPageSize);
});

test("a preview reloads itself when its _ is older than 30000 ms, and lasts 1800000 ms when the draft names no end", async ({ request }) => {
  const token = signPreviewToken(E2E_PREVIEW_SECRET, urlId(SEED_FIXTURES.draftArticle), new Date(Date.now() + 10 * 60_000));
  const preview = (stamp: number) =>
    request.get(`${detailUrl(SEED_FIXTURES.draftArticle, "doc", "preview-editor")}?preview=${encodeURIComponent(token)}&_=${stamp}`, {
      maxRedirects: 0,
    });
  // Through the site, with seconds of slack either side for the request's own time.
  expect((await preview(Date.now() - SPEC.previewReloadWindowMs + 5000)).status()).toBe(200);
  const stale = await preview(Date.now() - SPEC.previewReloadWindowMs - 5000);
  expect(stale.status()).toBe(302);
  expect(Number(new URL(stale.headers().location, "http://x").searchParams.get("_"))).toBeGreaterThan(Date.now() - 5000);
  // To the millisecond, by the rule the site applies.
  const now = Date.UTC(2026, 10, 25, 8, 0, 0);
  const page = "/davmu/share/preview-editor/doc/2026/11/abc/index.html?preview=t";
  expect(previewReloadTarget(`${page}&_=${now - SPEC.previewReloadWindowMs}`, now)).toBeNull();
  expect(previewReloadTarget(`${page}&_=${now - SPEC.previewReloadWindowMs - 1}`, now)).toBe(
    `/davmu/share/preview-editor/doc/2026/11/abc/index.html?preview=t&_=${now}`,
  );
  expect(previewDeadline(null, now)).toBe(now + SPEC.previewDefaultMs);
});

/**
 * Fails to load a chunk for real (a module the server does not have, imported and not caught) and answers whether
 * the page started reloading for it, known once the failure has reached every listener before the test's own.
 */
function failChunk(page: Page): Promise<boolean> {
  return page.evaluate(
    () =>
      new Promise<boolean>((resolve) => {
        let reloading = false;
        const navigation = (window as unknown as { navigation: EventTarget }).navigation;
        navigation.addEventListener("navigate", (event) => (reloading ||= (event as Event & { navigationType: string }).navigationType === "reload"));
        window.addEventListener("unhandledrejection", () => resolve(reloading), { once: true });
        void import(`/davmu/share/assets/missing-${Math.random()}.js`);
      }),
  );
}

test("a chunk that fails to load reloads the page, at most once per 60 s", async ({ browser }) => {
  const page = await phonePage(browser);
  await page.clock.install();
  await page.goto(articleUrl(SEED_FIXTURES.article));
  await waitForHydration(page, "h1.article__title");
  // The page's clock stands still from the first failure on (across the reload): the minute passes when the test says.
  await page.clock.pauseAt(Date.now() + 1000);
  const reloaded = () => page.waitForEvent("load");
  let load = reloaded();
  expect(await failChunk(page)).toBe(true);
  await load;
  // The page starts its scripts on its clock: frames after its hero is painted, at the latest HERO_WAIT_MS after it
  // began (app/framework/scripts-after-hero.tsx). Run it that far, whenever the paint came on a busy machine.
  await page.clock.runFor(HERO_WAIT_MS);
  await waitForHydration(page, "h1.article__title");
  await page.clock.runFor(SPEC.reloadGuardMs - HERO_WAIT_MS - 1000);
  expect(await failChunk(page)).toBe(false);
  await page.clock.runFor(1000);
  load = reloaded();
  expect(await failChunk(page)).toBe(true);
  await load;
  await page.context().close();
});

test("the desktop rule: a window at least 1000 px wide and wider than tall, or a user agent not of a phone, goes to /pc", async ({ browser }) => {
  const target = articleUrl(SEED_FIXTURES.article);
  const cases: Array<[string, Parameters<Browser["newContext"]>[0], boolean]> = [
    ["a phone 1000 px wide, landscape", { viewport: { width: SPEC.desktopMinWidth, height: 700 } }, true],
    ["a phone 999 px wide, landscape", { viewport: { width: SPEC.desktopMinWidth - 1, height: 700 } }, false],
    ["a phone 1000 px wide, as tall as wide", { viewport: { width: SPEC.desktopMinWidth, height: SPEC.desktopMinWidth } }, false],
    ["a desktop user agent in a phone-sized window", { ...devices["Desktop Chrome"], viewport: { width: 390, height: 844 } }, true],
  ];
  for (const [name, options, desktop] of cases) {
    const page = await phonePage(browser, options);
    const wrapper: string[] = [];
    page.on("request", (request) => request.url().includes("/davmu/share/pc") && wrapper.push(request.url()));
    await page.clock.install();
    await page.goto(target);
    if (desktop) await expect(page, name).toHaveURL(/\/davmu\/share\/pc\?url=/);
    else {
      await waitForHydration(page, "h1.article__title");
      // Past the moment the page checks (shortly after load), on the page's own clock: no wrapper was asked for.
      await page.clock.runFor(5000);
      await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(resolve)));
      expect(wrapper, name).toEqual([]);
      expect(new URL(page.url()).pathname, name).toBe(target);
    }
    await page.context().close();
  }
});

test("WeChat is configured with the spec's share SDK API list", async ({ browser }) => {
  const page = await phonePage(browser, { userAgent: wechatUserAgent });
  await installFakeWeChat(page);
  await page.goto(articleUrl(SEED_FIXTURES.article));
  await expect.poll(async () => (await bridgeCalls(page, "preVerifyJSAPI")).length).toBeGreaterThan(0);
  const [config] = await bridgeCalls(page, "preVerifyJSAPI");
  const args = config.args as { verifyJsApiList: string[]; verifyOpenTagList: string[] };
  expect([...args.verifyJsApiList, ...args.verifyOpenTagList].sort()).toEqual([...SPEC.shareApiList].sort());
  await page.context().close();
});

test("what the site sends the stat base: spec section 3's tracking fields, read events with duration and percent", async ({ request }) => {
  const received: Array<Record<string, unknown>> = [];
  const statBase = createServer((req, res) => {
    let body = "";
    req.on("data", (chunk) => (body += chunk));
    req.on("end", () => {
      const events = JSON.parse(body) as Array<Record<string, unknown>> | { events: Array<Record<string, unknown>> };
      received.push(...(Array.isArray(events) ? events : events.events));
      res.writeHead(200, { "content-type": "application/json" });
      res.end(JSON.stringify({ code: 0, message: "", data: { accepted: received.length } }));
    });
  });
  await new Promise<void>((resolve) => statBase.listen(0, "127.0.0.1", resolve));
  // A second site, reading from the e2e server's platform, whose stat base is this test's.
  const site = await startSite({
    PLATFORM_API_URL: `${E2E_ORIGIN}/_platform`,
    STAT_BASE_URL: `http://127.0.0.1:${(statBase.address() as AddressInfo).port}`,
  });
  try {
    const now = Math.floor(Date.now() / 1000);
    const tid = urlId(SEED_FIXTURES.article);
    const events = [
      { behavior: "view", timestamp: now, tid },
      { behavior: "read", timestamp: now + 42, tid, duration: 42, percent: 80 },
    ];
    const answer = await request.post(`${site.origin}/davmu/share/api/tracker/log`, {
      form: { events: JSON.stringify(events) },
      headers: { "user-agent": ANDROID.userAgent, referer: `${site.origin}${articleUrl(SEED_FIXTURES.article)}` },
    });
    expect(answer.status()).toBe(204);
    expect(received).toHaveLength(2);
    const [view, read] = received;
    // The spec's fields and the reader's ids (docs/decisions/0015-reader-identity-cookie.md): for a client that never
    // asked for an identity, no device and the site's own anonymous id.
    const readerIds = ["device_id", "anonymous_id"];
    expect(Object.keys(view).sort()).toEqual([...SPEC.trackingFields, ...readerIds].sort());
    expect(Object.keys(read).sort()).toEqual([...SPEC.trackingFields, ...readerIds, ...SPEC.readFields].sort());
    expect(view).toEqual({
      timestamp: now,
      version: "1",
      terminal: "wap",
      tid,
      behavior: "view",
      device_type: "mobile",
      device_os: "android",
      user_id: "",
      device_id: "",
      anonymous_id: expect.stringMatching(/^[0-9a-f]{32}$/),
    });
    expect(read).toMatchObject({ timestamp: now + 42, version: "1", terminal: "wap", behavior: "read", duration: 42, percent: 80 });
  } finally {
    site.stop();
    statBase.close();
  }
});

test("section 8: the agreement, the platform's own message, empty and closed comments, a missing page", async ({ request }) => {
  const noAgreement = await request.post("/davmu/share/auth", {
    form: { intent: "send-code", phone: uniquePhone(), redirect: "/davmu/share/" },
    headers: fromOwnPage(),
    maxRedirects: 0,
  });
  expect(await noAgreement.text()).toContain(TEXTS.agreement);

  // A phone nobody registered: a wrong password for the demo account would count towards locking it for everyone.
  const wrongPassword = await request.post("/davmu/share/auth", {
    form: { intent: "login", mode: "pass", phone: uniquePhone(), password: "not-the-password", agreed: "on", redirect: "/davmu/share/" },
    headers: fromOwnPage(),
    maxRedirects: 0,
  });
  expect(await wrongPassword.text()).toContain(TEXTS.wrongPassword);

  const emptyComment = await request.post(articleUrl(SEED_FIXTURES.article), {
    form: { intent: "comment", content: "   ", js: "1" },
    headers: fromOwnPage(),
    maxRedirects: 0,
  });
  expect(emptyComment.status()).toBe(400);
  expect(await emptyComment.text()).toContain(TEXTS.commentEmpty);

  expect(await (await request.get(articleUrl(SEED_FIXTURES.closedComments))).text()).toContain(TEXTS.commentsClosed);

  const missing = await request.get(articleUrl(SEED_FIXTURES.article).replace(urlId(SEED_FIXTURES.article), "zzzzzzzz"));
  expect(missing.status()).toBe(404);
  expect(await missing.text()).toContain(TEXTS.backHome);
  const unmatched = await request.get("/davmu/share/no/such/page");
  expect(unmatched.status()).toBe(404);
  expect(await unmatched.text()).toContain(TEXTS.notFound);
});

test("section 8: logging in says 登录成功～ and logging out 已退出登录", async ({ playwright }) => {
  const visitor = await playwright.request.newContext({ baseURL: E2E_ORIGIN });
  const login = await visitor.post("/davmu/share/auth", {
    form: DEMO_LOGIN_FORM,
    headers: fromOwnPage(),
  });
  expect(await login.text()).toContain(TEXTS.loginSuccess);
  const logout = await visitor.post("/davmu/share/auth", { form: { intent: "logout", redirect: "/davmu/share/" }, headers: fromOwnPage() });
  expect(await logout.text()).toContain(TEXTS.logoutSuccess);
  await visitor.dispose();
});
