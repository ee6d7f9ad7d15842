import { expect, test, type Page } from "@playwright/test";
import { SEED_FIXTURES } from "../../platform/seed";
import { bridgeCalls, installFakeWeChat } from "./support/fake-wechat";
import { hydrationErrors, waitForHydration } from "./support/hydration";
import { loginAsDemo } from "./support/login";
import { MINI_PROGRAM_PAGES } from "./support/spec-routes";
import { articleUrl } from "./support/urls";

// In a mini program's web-view the page swaps its header for the mini-program chrome, and WeChat's answer to
// getEnv updates the page while it hydrates: no part of any page may then be thrown away and rendered again.

// Each test opens every page of the site in turn: more than one page's time.
test.describe.configure({ mode: "parallel", timeout: 240_000 });

/** Opens each page and waits until it has hydrated and WeChat has confirmed the mini program. */
async function visitEveryPage(page: Page): Promise<string[]> {
  const errors = hydrationErrors(page);
  for (const url of MINI_PROGRAM_PAGES) {
    await page.goto(url);
    await waitForHydration(page, ".mp-footer");
    // Confirmed: the page hands its share card to the mini program once WeChat said it runs in one.
    await expect.poll(async () => (await bridgeCalls(page, "invokeMiniProgramAPI")).length, { message: url }).toBeGreaterThan(0);
    await expect(page.getByRole("navigation", { name: "页面导航" })).toBeVisible();
  }
  return errors;
}

test.describe("in a mini program's web-view", () => {
  test.beforeEach(async ({ page }, testInfo) => {
    test.skip(testInfo.project.name !== "mini-program", "the mini program's web-view");
    await installFakeWeChat(page, { miniProgram: true });
  });

  test("every page hydrates without an error for an anonymous visitor", async ({ page }) => {
    expect(await visitEveryPage(page)).toEqual([]);
  });

  test("every page hydrates without an error for a logged-in visitor", async ({ page }) => {
    await loginAsDemo(page, MINI_PROGRAM_PAGES[0]);
    expect(await visitEveryPage(page)).toEqual([]);
  });
});

test("a page WeChat puts in a mini program after it hydrated, its user agent saying none, shows the chrome without an error", async ({
  page,
}, testInfo) => {
  test.skip(testInfo.project.name !== "wechat-android", "a WeChat web-view whose user agent guesses no mini program");
  await installFakeWeChat(page, { miniProgram: true });
  const errors = hydrationErrors(page);
  await page.goto(articleUrl(SEED_FIXTURES.article));
  await expect(page.getByRole("navigation", { name: "页面导航" })).toBeVisible();
  await expect(page.locator(".mp-footer")).toBeVisible();
  await expect(page.locator("header.banner")).toHaveCount(0);
  expect(errors).toEqual([]);
});
