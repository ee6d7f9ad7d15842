import { type Page } from "@playwright/test";
import { expect, test } from "./support/test";
import { SEED_FIXTURES } from "../../platform/seed";
import { DEMO_ACCOUNT, authUrl, formattedPhone, openLoginSheet, smsOutbox, TEXTS, uniquePhone } from "./support/login";
import { holdScripts, waitForHydrationCommitted } from "./support/hydration";
import { articleUrl } from "./support/urls";

/** The login form with JavaScript, in the sheet and on /auth: what is typed, ticked and tapped before it is sent. */
test.skip(({ phone }) => !phone.js, "the login form's script needs JavaScript; auth-no-js.spec.ts covers the page without it");

test("the phone is formatted 3-4-4, capped at 11 digits, and the login button waits for valid input", async ({ tab: page }) => {
  await page.goto(articleUrl(SEED_FIXTURES.article));
  const sheet = await openLoginSheet(page);
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
  const sheet = await openLoginSheet(page);
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

test("the agreement links open in a frame popup", async ({ tab: page }) => {
  await page.goto(articleUrl(SEED_FIXTURES.article));
  const sheet = await openLoginSheet(page);
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
