import { type Page } from "@playwright/test";
import { expect, test, type FakeWeChat } from "./support/test";
import { SEED_FIXTURES } from "../../platform/seed";
import { hydrationErrors, waitForHydrationCommitted } from "./support/hydration";
import { SPEC_ROUTES } from "./support/spec-routes";
import { articleUrl } from "./support/urls";

// Every page hydrating with WeChat's SDK in WeChat's Android browser: what WeChat changes in a page is its SDK and its
// answers, not what the page does, so one sweep here stands for rerunning the other specs in WeChat
// (playwright.config.ts). The page configures the SDK as it hydrates: no part of any page may then be thrown away and
// rendered again. A mini program's web-view, where the page swaps its header for the mini-program chrome as WeChat
// answers getEnv, is swept in WebKit, the engine of WeChat on iOS (webkit/mini-program-hydration.webkit.ts).

// Each test opens every page of the site in turn: more than one page's time.
test.describe.configure({ mode: "parallel", timeout: 240_000 });

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
