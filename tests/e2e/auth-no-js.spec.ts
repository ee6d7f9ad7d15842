import { expect, test } from "./support/test";
import { SEED_FIXTURES } from "../../platform/seed";
import { DEMO_ACCOUNT, authUrl, formattedPhone, loginAsDemo, readSmsCode, smsOutbox, TEXTS, uniquePhone, wrongCodeFor } from "./support/login";

/** Login, the same flow as a page, with JavaScript off. */
test.skip(({ phone }) => phone.js, "the page without JavaScript; auth.spec.ts covers the sheet");

test("the banner's 登录 links to the login page, which comes back to the article", async ({ page, phone, scratchArticle }) => {
  const url = scratchArticle().url;
  await page.goto(url);
  await page.locator(".banner__login").click();
  await expect(page).toHaveURL((current) => current.pathname === "/davmu/share/auth" && current.searchParams.get("redirect") === url);
  const form = page.locator("form.login");
  await expect(form.getByRole("heading", { name: "登录大目新闻" })).toBeVisible();
  await expect(form.locator("input[name=phone]")).toHaveAttribute("placeholder", "请输入手机号");
  await expect(form.locator("input[name=code]")).toHaveAttribute("maxlength", "6");
  await expect(form.locator("button[value=send-code]")).toHaveText("获取验证码");
  await expect(form.locator("button.login__submit")).toHaveText("登录");
  await expect(form.getByRole("link", { name: "《用户协议》" })).toHaveAttribute("href", "/davmu/share/agreement/user");
  await expect(form.getByRole("link", { name: "《隐私政策》" })).toHaveAttribute("href", "/davmu/share/agreement/privacy");
  await expect(form.getByText("未注册的手机号验证后将自动注册")).toBeVisible();
});

test("log in by code without JavaScript: agreement, countdown, wrong code, success", async ({ page, scratchArticle }) => {
  const phone = uniquePhone();
  const url = scratchArticle().url;
  await page.goto(authUrl(url));
  const form = page.locator("form.login");
  const sendCode = form.locator("button[value=send-code]");

  // The server refuses to send before the agreement is ticked, and says why next to the checkbox.
  await form.locator("input[name=phone]").fill(phone);
  await sendCode.click();
  await expect(form.locator("p.login__error").filter({ hasText: TEXTS.agreementRequired })).toBeVisible();
  expect(await smsOutbox(page.request, phone), "no code was sent").toEqual([]);

  // The phone was kept; tick and send.
  await expect(form.locator("input[name=phone]")).toHaveValue(formattedPhone(phone));
  await form.locator("input[name=agreed]").check();
  await sendCode.click();
  await expect(form.getByText(TEXTS.codeSent)).toBeVisible();
  await expect(sendCode).toBeDisabled();
  await expect(sendCode).toHaveText(/^(60|59|58)s后重新获取$/);
  // The page re-rendered by the post still knows where to return.
  await expect(form.locator("input[name=redirect]"), "redirect target kept after sending the code").toHaveValue(url);
  const code = await readSmsCode(page.request, phone);

  // A wrong code: the server's message on the page.
  await form.locator("input[name=agreed]").check();
  await form.locator("input[name=code]").fill(wrongCodeFor(code));
  await form.locator("button.login__submit").click();
  await expect(form.locator("p.login__error[role=alert]")).toHaveText(TEXTS.wrongCode);
  await expect(page).toHaveURL((current) => current.pathname === "/davmu/share/auth");
  // The countdown still holds after another post.
  await expect(sendCode).toBeDisabled();

  await form.locator("input[name=agreed]").check();
  await form.locator("input[name=phone]").fill(phone);
  await form.locator("input[name=code]").fill(code);
  await form.locator("button.login__submit").click();
  await expect(page).toHaveURL((current) => current.pathname === url);
  await expect(page.locator(".toast")).toHaveText(TEXTS.loginSuccess);
  await expect(page.locator(".banner__login .avatar")).toBeVisible();

  await page.reload();
  await expect(page.locator(".banner__login .avatar")).toBeVisible();
});

test("login without the agreement is refused by the server", async ({ page, phone, scratchArticle }) => {
  const url = scratchArticle().url;
  await page.goto(authUrl(url, "pass"));
  const form = page.locator("form.login");
  await form.locator("input[name=phone]").fill(SEED_FIXTURES.demoPhone);
  await form.locator("input[name=password]").fill(DEMO_ACCOUNT.password);
  await form.locator("button.login__submit").click();
  await expect(form.locator("p.login__error").filter({ hasText: TEXTS.agreementRequired })).toBeVisible();
  await expect(page).toHaveURL((current) => current.pathname === "/davmu/share/auth");
  await expect(page.locator(".banner__login")).toHaveText("登录");
});

test("an invalid phone is refused by the server with a field error", async ({ page, phone, scratchArticle }) => {
  await page.goto(authUrl(scratchArticle().url));
  const form = page.locator("form.login");
  await form.locator("input[name=phone]").fill("12800138000");
  await form.locator("input[name=agreed]").check();
  await form.locator("button[value=send-code]").click();
  await expect(form.locator("p.login__error").filter({ hasText: TEXTS.phoneInvalid })).toBeVisible();
  await expect(form.locator("button[value=send-code]")).toBeEnabled();
});

test("log in by password without JavaScript, through the 密码登录 link", async ({ page, phone, scratchArticle }) => {
  const url = scratchArticle().url;
  await page.goto(authUrl(url));
  const form = page.locator("form.login");
  await form.getByRole("link", { name: "密码登录" }).click();
  await expect(page).toHaveURL(/[?&]mode=pass/);
  await expect(form.locator("input[name=password]")).toHaveAttribute("type", "password");
  await expect(form.locator("input[name=code]")).toHaveCount(0);
  // The show/hide toggle needs JavaScript: it is not offered without it.
  await expect(form.getByRole("button", { name: "显示" })).toHaveCount(0);

  await form.locator("input[name=phone]").fill(SEED_FIXTURES.demoPhone);
  await form.locator("input[name=password]").fill("wrong-password");
  await form.locator("input[name=agreed]").check();
  await form.locator("button.login__submit").click();
  await expect(form.locator("p.login__error[role=alert]")).toHaveText(TEXTS.wrongPassword);
  // The re-rendered page stays in password mode and keeps the return target.
  await expect(form.locator("input[name=password]"), "still in password mode after a refused login").toBeVisible();
  await expect(form.locator("input[name=redirect]"), "redirect target kept after a refused login").toHaveValue(url);

  await form.locator("input[name=phone]").fill(SEED_FIXTURES.demoPhone);
  await form.locator("input[name=password]").fill(DEMO_ACCOUNT.password);
  await form.locator("input[name=agreed]").check();
  await form.locator("button.login__submit").click();
  await expect(page).toHaveURL((current) => current.pathname === url);
  await expect(page.locator(".toast")).toHaveText(TEXTS.loginSuccess);
  await expect(page.locator(".banner__login .avatar")).toBeVisible();
});

test("a redirect off the site is not followed after login", async ({ page, phone }) => {
  await page.goto(authUrl("https://evil.example/steal", "pass"));
  const form = page.locator("form.login");
  await expect(form.locator("input[name=redirect]")).toHaveValue(/^\/davmu\/share\//);
  await form.locator("input[name=phone]").fill(SEED_FIXTURES.demoPhone);
  await form.locator("input[name=password]").fill(DEMO_ACCOUNT.password);
  await form.locator("input[name=agreed]").check();
  await form.locator("button.login__submit").click();
  await expect(page).toHaveURL(
    (current) =>
      current.hostname === "localhost" && current.pathname.startsWith("/davmu/share/") && !current.pathname.startsWith("/davmu/share/auth"),
  );
  await expect(page.locator(".toast")).toHaveText(TEXTS.loginSuccess);
});

test("log out without JavaScript: the avatar leads to /auth, which asks, then logs out", async ({ page, scratchArticle }) => {
  const url = scratchArticle().url;
  await loginAsDemo(page, url);
  await page.locator(".banner__login").click();
  await expect(page).toHaveURL((current) => current.pathname === "/davmu/share/auth");
  await expect(page.getByRole("heading", { name: "退出登录" })).toBeVisible();

  // 取消 goes back, still logged in.
  await page.getByRole("link", { name: "取消" }).click();
  await expect(page).toHaveURL((current) => current.pathname === url);
  await expect(page.locator(".banner__login .avatar")).toBeVisible();

  await page.locator(".banner__login").click();
  await page.getByRole("button", { name: "确定退出" }).click();
  await expect(page).toHaveURL((current) => current.pathname === url);
  await expect(page.locator(".toast")).toHaveText(TEXTS.logoutSuccess);
  await expect(page.locator(".banner__login")).toHaveText("登录");
  await page.reload();
  await expect(page.locator(".banner__login")).toHaveText("登录");
});
