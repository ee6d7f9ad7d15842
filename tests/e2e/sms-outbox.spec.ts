import { expect, test } from "./support/test";
import { smsOutboxPath } from "../../platform/routes/dev";
import { E2E_DEV_KEY } from "./support/e2e-server";
import { readSmsCode, requestCodeByForm, uniquePhone } from "./support/login";

/**
 * The development SMS outbox opens only with the key the start-up prints. The host answers, not the page:
 * it runs once (playwright.config.ts).
 */
const outboxLink = `/_platform${smsOutboxPath(E2E_DEV_KEY)}`;

test("the code never comes back to the visitor who asked for it; the outbox link with its key lists it", async ({ page, playwright }) => {
  const phone = uniquePhone();
  const answer = await (await requestCodeByForm(page.request, phone)).text();
  const code = await readSmsCode(page.request, phone);
  expect(answer).toContain("验证码已发送");
  // Not anywhere as a number of its own (hashes and tokens may happen to hold the same six digits).
  expect(answer).not.toMatch(new RegExp(`(?<![0-9A-Za-z])${code}(?![0-9A-Za-z])`));

  // Another client, without the key, sees nothing: a plain 404.
  const stranger = await playwright.request.newContext({ baseURL: test.info().project.use.baseURL });
  for (const path of ["/_platform/dev/sms-outbox", `/_platform/dev/sms-outbox?tel=${phone}`, "/_platform/dev/sms-outbox?key=guess"]) {
    const response = await stranger.get(path);
    expect(response.status(), path).toBe(404);
    expect(await response.text(), path).not.toContain(code);
  }
  await stranger.dispose();

  // The printed link opens the outbox as a page in the browser.
  await page.goto(outboxLink);
  await expect(page.getByRole("heading", { name: "开发短信发件箱" })).toBeVisible();
  await expect(page.getByRole("listitem").filter({ hasText: phone }).locator(".code")).toHaveText(code);
});
