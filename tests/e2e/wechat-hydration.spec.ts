import { type Page } from "@playwright/test";
import { expect, test, type FakeWeChat } from "./support/test";
import { SEED_FIXTURES } from "../../platform/seed";
import { hydrationErrors, waitForHydration, waitForHydrationCommitted } from "./support/hydration";
import { MINI_PROGRAM_PAGES, SPEC_ROUTES } from "./support/spec-routes";
import { articleUrl } from "./support/urls";

// Every page hydrating with WeChat's SDK, once per WeChat: what WeChat changes in a page is its SDK and its answers,
// not what the page does, so one sweep here stands for rerunning the other specs in WeChat (playwright.config.ts).
// In WeChat's browser the page configures the SDK as it hydrates; in a mini program's web-view it swaps its header
// for the mini-program chrome, and WeChat's answer to getEnv updates the page while it hydrates: no part of any
// page may then be thrown away and rendered again.

// Each test opens every page of the site in turn: more than one page's time.
test.describe.configure({ mode: "parallel", timeout: 240_000 });

/** Opens each page and waits until it has hydrated and WeChat has confirmed the mini program. */
async function visitEveryPage(page: Page, fakeWeChat: FakeWeChat): Promise<string[]> {
  const errors = hydrationErrors(page);
  for (const url of MINI_PROGRAM_PAGES) {
    await page.goto(url);
    await waitForHydration(page, ".mp-footer");
    // Confirmed: the page hands its share card to the mini program once WeChat said it runs in one.
    await expect.poll(async () => (await fakeWeChat.calls("invokeMiniProgramAPI")).length, { message: url }).toBeGreaterThan(0);
    await expect(page.getByRole("navigation", { name: "页面导航" })).toBeVisible();
  }
  return errors;
}

/** Opens each page and waits until it has hydrated whole and asked WeChat for its configuration. */
async function visitEveryPageInWeChat(page: Page, fakeWeChat: FakeWeChat): Promise<string[]> {
  const errors = hydrationErrors(page);
  for (const { url } of SPEC_ROUTES) {
    await page.goto(url);
    await waitForHydrationCommitted(page);
    await expect.poll(async () => (await fakeWeChat.calls("preVerifyJSAPI")).length, { message: url }).toBeGreaterThan(0);
  }
  return errors;
}

test.describe("in WeChat's browser", () => {
  // What the SDK does in a page is the same on iOS; what iOS WeChat does differently (the address it signs) is wechat.spec.ts's.
  test.skip(
    ({ phone }) => !phone.wechat || phone.miniProgram || phone.os !== "android",
    "WeChat's browser on Android, not a mini program's web-view",
  );

  test("every page hydrates with WeChat's SDK without an error for an anonymous visitor", async ({ page, fakeWeChat }) => {
    expect(await visitEveryPageInWeChat(page, fakeWeChat)).toEqual([]);
  });

  test.describe(() => {
    test.use({ storageState: ({ demoUser }, use) => use(demoUser) });

    test("every page hydrates with WeChat's SDK without an error for a logged-in visitor", async ({ page, fakeWeChat }) => {
      expect(await visitEveryPageInWeChat(page, fakeWeChat)).toEqual([]);
    });
  });
});

test.describe("in a mini program's web-view", () => {
  test.skip(({ phone }) => !phone.miniProgram, "the mini program's web-view");

  test("every page hydrates without an error for an anonymous visitor", async ({ page, fakeWeChat }) => {
    expect(await visitEveryPage(page, fakeWeChat)).toEqual([]);
  });

  test.describe(() => {
    test.use({ storageState: ({ demoUser }, use) => use(demoUser) });

    test("every page hydrates without an error for a logged-in visitor", async ({ page, fakeWeChat }) => {
      await page.goto(MINI_PROGRAM_PAGES[0]);
      await expect(page.locator(".mp-footer__login .avatar")).toBeVisible();
      expect(await visitEveryPage(page, fakeWeChat)).toEqual([]);
    });
  });
});

test.describe(() => {
  // WeChat says it is a mini program, whatever the user agent says.
  test.use({ fakeWeChatOptions: { miniProgram: true } });

  test("a page WeChat puts in a mini program after it hydrated, its user agent saying none, shows the chrome without an error", async ({
    page,
    phone,
    fakeWeChat,
  }) => {
    test.skip(!phone.wechat || phone.miniProgram || phone.os !== "android", "a WeChat web-view whose user agent guesses no mini program");
    const errors = hydrationErrors(page);
    await page.goto(articleUrl(SEED_FIXTURES.article));
    await expect(page.getByRole("navigation", { name: "页面导航" })).toBeVisible();
    await expect(page.locator(".mp-footer")).toBeVisible();
    await expect(page.locator("header.banner")).toHaveCount(0);
    expect(errors).toEqual([]);
  });
});
