import { expect, test } from "./support/test";
import { ITEM_APP_URL, ITEM_FLAG_FIXTURES, ITEM_PC_URL } from "../../platform/seed-item-flags";
import { waitForHydration } from "./support/hydration";
import { articleUrl } from "./support/urls";
import { macintoshSafariUserAgent } from "./support/user-agents";

/** The payload's flags of one content item (docs/content-types.md, "The item's flags"). */

test("an item with enable_app false offers no way into the app", async ({ page }) => {
  await page.goto(articleUrl(ITEM_FLAG_FIXTURES.noApp));
  await expect(page.locator("h1.article__title")).toHaveText(/只在网页阅读/);
  await expect(page.locator("header.banner")).toBeVisible();
  await expect(page.locator("header.banner").getByText("打开APP", { exact: true })).toHaveCount(0);
  await expect(page.locator(".banner__open, wx-open-launch-app")).toHaveCount(0);
  // The comment bar keeps commenting and collecting; its like, which only the app can do, is gone.
  await expect(page.locator(".footer-bar__send")).toBeVisible();
  await expect(page.locator('.footer-bar__action[href="#app-open"]')).toHaveCount(0);
  // Another item's page still offers it.
  await page.goto(articleUrl(ITEM_FLAG_FIXTURES.noPc));
  await expect(page.locator(".banner__open")).toHaveText("打开APP");
  await expect(page.locator('.footer-bar__action[href="#app-open"]')).toHaveCount(1);
});

test("an item's app_url is where opening the app goes", async ({ page, phone }) => {
  await page.goto(articleUrl(ITEM_FLAG_FIXTURES.ownAppUrl));
  const open = page.locator(".banner__open");
  await expect(open).toHaveAttribute("href", ITEM_APP_URL);
  if (!phone.js) return;
  await waitForHydration(page, ".banner__open");
  const asked: string[] = [];
  await page.route("https://link.davmu.example/**", (route) => {
    asked.push(route.request().url());
    return route.fulfill({ body: "app" });
  });
  await open.click();
  await expect.poll(() => asked).toContain(ITEM_APP_URL);
});

test.describe("on a desktop browser the page can only tell apart", () => {
  test.use({ userAgent: macintoshSafariUserAgent, viewport: { width: 1280, height: 800 }, isMobile: false, hasTouch: false });

  test("enable_pc false keeps the phone page; pc_url is the item's desktop page @once", async ({ page }) => {
    await page.route("https://www.example.org/pc/**", (route) => route.fulfill({ contentType: "text/html", body: "<title>pc</title>" }));
    await page.goto(articleUrl(ITEM_FLAG_FIXTURES.ownPcUrl));
    await expect(page).toHaveURL(ITEM_PC_URL);

    await page.goto(articleUrl(ITEM_FLAG_FIXTURES.noPc));
    await waitForHydration(page, "h1.article__title");
    // The check runs 200 ms after start-up: well past it, the page is still the phone page.
    await page.waitForTimeout(1000);
    await expect(page).toHaveURL(new RegExp(`${articleUrl(ITEM_FLAG_FIXTURES.noPc)}`));
    await expect(page.locator("h1.article__title")).toHaveText(/手机版阅读/);
  });
});
