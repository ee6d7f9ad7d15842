import { expect, test } from "./support/test";
import { SEED_FIXTURES } from "../../platform/seed";
import { expectNoViolations } from "./support/axe";
import { waitForHydration } from "./support/hydration";
import { loginAsDemo, TEXTS } from "./support/login";
import { articleUrl, detailUrl } from "./support/urls";
import { wechatUserAgent } from "./support/user-agents";

const BASE = "/davmu/share/";

// The rules do not differ by phone: the spec runs once, on the Android profile (playwright.config.ts ONCE_SPECS).

// Each check runs in both schemes (expectNoViolations), from a page loaded light whatever the machine prefers.
test.use({ colorScheme: "light" });

// One page of every type and every area passes axe where it is opened, in every-route.spec.ts; here, what those pages
// become: other languages, open panels and sheets, a visitor logged in.

// zh-Hant pages have their own texts and lengths (docs/languages.md): the home page, an article, a video page and a
// 404, in both schemes.
const ZH_HANT = `${BASE}zh-Hant/`;
for (const url of [BASE, articleUrl(SEED_FIXTURES.article), detailUrl(SEED_FIXTURES.video, "video"), `${BASE}no/such/page`]) {
  const hant = url.replace(BASE, ZH_HANT);
  test(`${hant} passes axe (WCAG 2.1 AA)`, async ({ tab: page }) => {
    await page.goto(hant);
    await expect(page.locator("html")).toHaveAttribute("lang", "zh-Hant");
    await waitForHydration(page);
    await expectNoViolations(page);
  });
}

test("the open navigation panel passes axe", async ({ tab: page }) => {
  await page.goto(BASE);
  await waitForHydration(page, "details.nav summary");
  await page.locator("details.nav summary").click();
  await expect(page.locator("details.nav .nav__panel")).toBeVisible();
  await expectNoViolations(page);
});

test("the open login sheet passes axe", async ({ tab: page }) => {
  await page.goto(articleUrl(SEED_FIXTURES.article));
  await waitForHydration(page, ".banner__login");
  await page.locator(".banner__login").click();
  await expect(page.locator(".sheet__panel")).toBeVisible();
  await expectNoViolations(page);
});

test("a logged-in article page and its logout confirmation pass axe", async ({ page }) => {
  const url = articleUrl(SEED_FIXTURES.manyComments);
  await loginAsDemo(page, url);
  await waitForHydration(page, ".banner__login");
  await expectNoViolations(page);
  await page.locator(".banner__login").click();
  await expect(page.getByRole("dialog", { name: TEXTS.logoutConfirm })).toBeVisible();
  await expectNoViolations(page);
});

test.describe("in WeChat on Android", () => {
  test.use({ userAgent: wechatUserAgent });

  test("the launch tips layer passes axe", async ({ page }) => {
    await page.goto(BASE);
    await waitForHydration(page, "header.banner .banner__open");
    await page.locator(".banner__open").click();
    await expect(page.locator(".launch-tips")).toBeVisible();
    await expectNoViolations(page);
  });
});
