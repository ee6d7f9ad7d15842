import { type Page } from "@playwright/test";
import { expect, test } from "./support/test";
import { SEED_FIXTURES } from "../../platform/seed";
import { DEMO_ACCOUNT, authUrl, formattedPhone, fromOwnPage, loginAsDemo, readSmsCode, smsOutbox, TEXTS, uniquePhone, wrongCodeFor } from "./support/login";
import { holdScripts, waitForHydration, waitForHydrationCommitted } from "./support/hydration";
import { recordDialogs } from "./support/inert-markup";
import { articleUrl } from "./support/urls";

/** Login with JavaScript: the bottom sheet on a content page and the enhanced /auth page (spec sections 2, 4, 5). */
test.skip(({ phone }) => !phone.js, "the login sheet needs JavaScript; auth-no-js.spec.ts covers the page without it");

async function openSheet(page: Page) {
  // Before the page hydrates (its scripts wait for the hero picture), 登录 is the link to /auth.
  await waitForHydration(page, ".banner__login");
  await page.locator(".banner__login").click();
  const sheet = page.locator(".sheet");
  await expect(sheet).toBeVisible();
  return sheet;
}

test("the banner's 登录 opens the login sheet, reset and focused on each opening", async ({ page }) => {
  await page.goto(articleUrl(SEED_FIXTURES.article));
  await expect(page.locator(".banner__login")).toHaveText("登录");
  await expect(page.locator(".sheet")).toHaveCount(0);

  const sheet = await openSheet(page);
  await expect(sheet).toHaveAttribute("role", "dialog");
  await expect(sheet.getByRole("heading", { name: "登录大目新闻" })).toBeVisible();
  const phone = sheet.locator("input[name=phone]");
  await expect(phone).toBeFocused();
  await expect(phone).toHaveAttribute("placeholder", "请输入手机号");
  await expect(sheet.locator("input[name=code]")).toHaveAttribute("placeholder", "请输入验证码");
  await expect(sheet.locator("input[name=code]")).toHaveAttribute("maxlength", "6");
  await expect(sheet.locator("button[value=send-code]")).toHaveText("获取验证码");
  await expect(sheet.locator("input[name=agreed]")).not.toBeChecked();
  await expect(sheet.getByRole("link", { name: "《用户协议》" })).toBeVisible();
  await expect(sheet.getByRole("link", { name: "《隐私政策》" })).toBeVisible();
  await expect(sheet.locator("button.login__submit")).toHaveText("登录");
  await expect(sheet.locator("button.login__submit")).toBeDisabled();
  await expect(sheet.getByText("未注册的手机号验证后将自动注册")).toBeVisible();
  await expect(sheet.getByRole("link", { name: "密码登录" })).toBeVisible();

  // Spec: minimum height 55% of the screen.
  const viewport = page.viewportSize()!;
  const panel = await sheet.locator(".sheet__panel").boundingBox();
  expect(panel!.height).toBeGreaterThanOrEqual(viewport.height * 0.55 - 1);
  expect(panel!.y + panel!.height).toBeLessThanOrEqual(viewport.height + 1);

  // Fields typed in, sheet closed, sheet opened again: everything is empty and the phone focused once more.
  await phone.fill("13800138000");
  await sheet.locator("input[name=code]").fill("1234");
  await sheet.locator("input[name=agreed]").check();
  await sheet.locator(".sheet__close").click();
  await expect(page.locator(".sheet")).toHaveCount(0);
  const again = await openSheet(page);
  await expect(again.locator("input[name=phone]")).toHaveValue("");
  await expect(again.locator("input[name=phone]")).toBeFocused();
  await expect(again.locator("input[name=code]")).toHaveValue("");
  await expect(again.locator("input[name=agreed]")).not.toBeChecked();
});

test("focusing the comment input while logged out opens the login sheet", async ({ page, phone, scratchArticle }) => {
  await page.goto(scratchArticle().url);
  await waitForHydration(page, "#comment-input");
  await page.locator("#comment-input").click();
  const sheet = page.locator(".sheet");
  await expect(sheet).toBeVisible();
  await expect(sheet.locator("input[name=phone]")).toBeFocused();
});

test("the phone is formatted 3-4-4, capped at 11 digits, and the login button waits for valid input", async ({ page }) => {
  await page.goto(articleUrl(SEED_FIXTURES.article));
  const sheet = await openSheet(page);
  const phone = sheet.locator("input[name=phone]");
  const code = sheet.locator("input[name=code]");
  const submit = sheet.locator("button.login__submit");

  await phone.pressSequentially("1380013");
  await expect(phone).toHaveValue("138 0013");
  await phone.pressSequentially("8000999");
  await expect(phone).toHaveValue("138 0013 8000");

  await code.pressSequentially("12345678");
  await expect(code).toHaveValue("123456");
  await expect(submit).toBeEnabled();

  await code.fill("");
  await expect(submit).toBeDisabled();
  await code.fill("1");
  await expect(submit).toBeEnabled();

  // Second digit 2 is not a mobile number (1[3-9] + 9 digits).
  await phone.fill("12800138000");
  await expect(phone).toHaveValue("128 0013 8000");
  await expect(submit).toBeDisabled();
  await phone.fill("1380013800");
  await expect(submit).toBeDisabled();
  await phone.fill("13800138000");
  await expect(submit).toBeEnabled();

  // Password mode: enabled once the password is non-empty; the show/hide toggle reveals it.
  await sheet.getByRole("link", { name: "密码登录" }).click();
  const password = sheet.locator("input[name=password]");
  await expect(password).toBeVisible();
  await expect(sheet.locator("input[name=code]")).toHaveCount(0);
  await expect(submit).toBeDisabled();
  await password.fill("secret");
  await expect(submit).toBeEnabled();
  await expect(password).toHaveAttribute("type", "password");
  await sheet.getByRole("button", { name: "显示" }).click();
  await expect(password).toHaveAttribute("type", "text");
  await sheet.getByRole("button", { name: "隐藏" }).click();
  await expect(password).toHaveAttribute("type", "password");
  await sheet.getByRole("link", { name: "验证码登录" }).click();
  await expect(sheet.locator("input[name=code]")).toBeVisible();
});

/** Opens /auth for a password login and fills it in and ticks the agreement, not waiting for its scripts. */
async function fillLoginOnAuth(page: Page) {
  await page.goto(authUrl(articleUrl(SEED_FIXTURES.article), "pass"), { waitUntil: "domcontentloaded" });
  const form = page.locator("form.login");
  await form.locator("input[name=phone]").fill(DEMO_ACCOUNT.phone);
  await form.locator("input[name=password]").fill(DEMO_ACCOUNT.password);
  await form.locator("input[name=agreed]").check();
  return form;
}

test("what is typed on /auth before the scripts run is still there once the page has hydrated", async ({ page }) => {
  // The page's scripts are held until the fields are filled, as on a slow network.
  const release = await holdScripts(page);
  const form = await fillLoginOnAuth(page);
  release();
  await waitForHydrationCommitted(page);
  await expect(form.locator("input[name=phone]")).toHaveValue(formattedPhone(DEMO_ACCOUNT.phone));
  await expect(form.locator("input[name=password]")).toHaveValue(DEMO_ACCOUNT.password);
  await expect(form.locator("input[name=agreed]")).toBeChecked();
  await expect(form.locator("button.login__submit")).toBeEnabled();
});

test("登录 tapped between the page's hydration and its effects logs in with what was ticked before", async ({ page }) => {
  const release = await holdScripts(page);
  // React's scheduler runs its tasks through a MessageChannel: delayed here, so that the effects that take what was
  // typed before hydration into the state come well after the commit, as on a busy phone where a tap gets in first.
  await page.addInitScript(() => {
    const Native = window.MessageChannel;
    window.MessageChannel = class extends Native {
      constructor() {
        super();
        const post = this.port2.postMessage.bind(this.port2);
        this.port2.postMessage = (message: unknown) => void setTimeout(() => post(message), 150);
      }
    };
  });
  await fillLoginOnAuth(page);
  release();
  // The moment the root has committed its hydration (React's own state, read in the page), 登录 is tapped.
  await page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        const committed = () => {
          const key = Object.keys(document).find((name) => name.startsWith("__reactContainer$"));
          const root = key && (document as unknown as Record<string, { stateNode: { current: { memoizedState: { isDehydrated: boolean } } } }>)[key];
          return Boolean(root && !root.stateNode.current.memoizedState.isDehydrated);
        };
        const poll = () => {
          if (!committed()) return void setTimeout(poll, 1);
          document.querySelector<HTMLButtonElement>("form.login button.login__submit")!.click();
          resolve();
        };
        poll();
      }),
  );
  await expect(page).toHaveURL(articleUrl(SEED_FIXTURES.article));
  await expect(page.locator(".banner__login .avatar")).toBeVisible();
});

test("nothing is sent before the agreement is ticked: the agreement toast", async ({ page }) => {
  const phone = uniquePhone();
  await page.goto(articleUrl(SEED_FIXTURES.article));
  const sheet = await openSheet(page);
  await sheet.locator("input[name=phone]").fill(phone);

  await sheet.locator("button[value=send-code]").click();
  await expect(page.locator(".toast")).toHaveText(TEXTS.agreementRequired);
  await expect(sheet.locator("button[value=send-code]")).toHaveText("获取验证码");
  await expect(sheet.locator("button[value=send-code]")).toBeEnabled();

  await sheet.locator("input[name=code]").fill("123456");
  // Mark the first toast so that the second one is seen to be new.
  await page.locator(".toast").evaluate((toast) => toast.setAttribute("data-seen", ""));
  await sheet.locator("button.login__submit").click();
  await expect(page.locator(".toast:not([data-seen])")).toHaveText(TEXTS.agreementRequired);
  await expect(page.locator(".banner__login")).toHaveText("登录");
  expect(await smsOutbox(page.request, phone), "no code was sent").toEqual([]);
});

test("the agreement links open in a frame popup", async ({ page }) => {
  await page.goto(articleUrl(SEED_FIXTURES.article));
  const sheet = await openSheet(page);
  await sheet.getByRole("link", { name: "《用户协议》" }).click();
  const popup = page.locator(".frame-popup");
  await expect(popup).toBeVisible();
  const frame = popup.locator("iframe");
  await expect(frame).toHaveAttribute("src", /\/davmu\/share\/agreement\/user$/);
  await expect(frame).toHaveAttribute("width", "500");
  await expect(frame).toHaveAttribute("height", "280");
  await expect(page.frameLocator(".frame-popup iframe").locator("body")).toContainText("用户协议");
  await popup.locator(".frame-popup__close").click();
  await expect(popup).toHaveCount(0);
  await expect(sheet).toBeVisible();

  await sheet.getByRole("link", { name: "《隐私政策》" }).click();
  await expect(page.locator(".frame-popup iframe")).toHaveAttribute("src", /\/davmu\/share\/agreement\/privacy$/);
  await expect(page.frameLocator(".frame-popup iframe").locator("body")).toContainText("隐私政策");
});

test("log in by code in the sheet: countdown, a wrong code shows the server's message, then success", async ({ page, scratchArticle }) => {
  const phone = uniquePhone();
  const url = scratchArticle().url;
  // The page's clock is the test's: stopped while the countdown is read, so each value is exact.
  await page.clock.install();
  await page.goto(url);
  const sheet = await openSheet(page);
  await sheet.locator("input[name=phone]").pressSequentially(phone);
  await expect(sheet.locator("input[name=phone]")).toHaveValue(formattedPhone(phone));
  await sheet.locator("input[name=agreed]").check();

  await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1000);
  const sendCode = sheet.locator("button[value=send-code]");
  await sendCode.click();
  await expect(sendCode).toBeDisabled();
  await expect(sendCode).toHaveText("60s后重新获取");
  await expect(page.locator(".toast")).toHaveText(TEXTS.codeSent);
  // The countdown runs, a second at a time.
  await page.clock.runFor(1000);
  await expect(sendCode).toHaveText("59s后重新获取");
  await page.clock.runFor(10_000);
  await expect(sendCode).toHaveText("49s后重新获取");
  await expect(sendCode).toBeDisabled();
  await page.clock.resume();

  const code = await readSmsCode(page.request, phone);
  const codeInput = sheet.locator("input[name=code]");
  await codeInput.fill(wrongCodeFor(code));
  await sheet.locator("button.login__submit").click();
  await expect(page.locator(".toast")).toHaveText(TEXTS.wrongCode);
  await expect(sheet).toBeVisible();
  await expect(page.locator(".banner__login")).toHaveText("登录");

  await codeInput.fill(code);
  await sheet.locator("button.login__submit").click();
  await expect(page.locator(".sheet")).toHaveCount(0);
  await expect(page.locator(".toast")).toHaveText(TEXTS.loginSuccess);
  await expect(page.locator(".banner__login .avatar")).toBeVisible();
  await expect(page).toHaveURL((current) => current.pathname === url);

  // The session is the cookie: still logged in after a reload.
  await page.reload();
  await expect(page.locator(".banner__login .avatar")).toBeVisible();
  await expect(page.locator(".banner__login")).not.toHaveText("登录");
});

test("log in by password on the /auth page and return to the page the visitor came from", async ({ page, phone, scratchArticle }) => {
  const url = scratchArticle().url;
  await page.goto(authUrl(url));
  const form = page.locator("form.login");
  await expect(form.getByRole("heading", { name: "登录大目新闻" })).toBeVisible();
  await form.getByRole("link", { name: "密码登录" }).click();
  await form.locator("input[name=phone]").fill(SEED_FIXTURES.demoPhone);
  await form.locator("input[name=agreed]").check();

  await form.locator("input[name=password]").fill("not-the-password");
  await form.locator("button.login__submit").click();
  await expect(page.locator(".toast")).toHaveText(TEXTS.wrongPassword);
  await expect(page).toHaveURL(/\/davmu\/share\/auth\?/);

  await form.locator("input[name=password]").fill(DEMO_ACCOUNT.password);
  await form.locator("button.login__submit").click();
  await expect(page).toHaveURL((current) => current.pathname === url);
  await expect(page.locator(".toast")).toHaveText(TEXTS.loginSuccess);
  await expect(page.locator(".banner__login .avatar")).toBeVisible();
});

test("a page view sets no cookie; a login rotates the session cookie and keeps it httpOnly and SameSite=Lax", async ({ page, context, phone, scratchArticle }) => {
  const url = scratchArticle().url;
  await page.goto(url);
  expect(await context.cookies(), "a visitor who only reads gets no session").toEqual([]);
  // The first form post makes the anonymous session: here, asking for a code.
  const sent = await page.request.post("/davmu/share/auth", { form: { intent: "send-code", phone: uniquePhone(), agreed: "on" }, headers: fromOwnPage() });
  expect(sent.status()).toBe(200);
  const before = await context.cookies();
  expect(before.length).toBeGreaterThan(0);
  await loginAsDemo(page, url);
  const after = await context.cookies();
  const sessionCookies = after.filter((cookie) => before.some((old) => old.name === cookie.name));
  expect(sessionCookies.length).toBeGreaterThan(0);
  for (const cookie of after) {
    expect(cookie.httpOnly, `${cookie.name} is httpOnly`).toBe(true);
    expect(cookie.sameSite, `${cookie.name} is SameSite=Lax`).toBe("Lax");
  }
  // The anonymous session's cookie value is not reused for the user.
  for (const cookie of sessionCookies) {
    expect(cookie.value).not.toBe(before.find((old) => old.name === cookie.name)!.value);
  }
  // No token reaches page scripts.
  expect(await page.evaluate(() => document.cookie)).toBe("");
});

test("tapping the avatar asks for confirmation in the site's own dialog and logs out", async ({ page, scratchArticle }) => {
  const url = scratchArticle().url;
  await loginAsDemo(page, url);
  await waitForHydration(page, ".banner__login");
  const browserDialogs = recordDialogs(page);
  const confirm = page.getByRole("dialog", { name: TEXTS.logoutConfirm });
  const avatar = page.locator(".banner__login .avatar");

  // 取消, Escape and a tap on the backdrop each keep the visitor logged in.
  await page.locator(".banner__login").click();
  await expect(confirm).toBeVisible();
  await expect(confirm.getByRole("button", { name: "取消" })).toBeFocused();
  await confirm.getByRole("button", { name: "取消" }).click();
  await expect(confirm).toBeHidden();
  await page.locator(".banner__login").click();
  await expect(confirm).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(confirm).toBeHidden();
  await page.locator(".banner__login").click();
  await expect(confirm).toBeVisible();
  await page.mouse.click(10, page.viewportSize()!.height - 10);
  await expect(confirm).toBeHidden();
  await expect(avatar).toBeVisible();
  await expect(page).toHaveURL((current) => current.pathname === url);

  await page.locator(".banner__login").click();
  await confirm.getByRole("button", { name: "确定退出" }).click();
  await expect(page.locator(".toast")).toHaveText(TEXTS.logoutSuccess);
  await expect(page.locator(".banner__login")).toHaveText("登录");
  await expect(page).toHaveURL((current) => current.pathname === url);
  expect(browserDialogs, "no window.confirm").toEqual([]);

  await page.reload();
  await expect(page.locator(".banner__login")).toHaveText("登录");
  await expect(page.locator(".banner__login .avatar")).toHaveCount(0);
});
