import { type Page } from "@playwright/test";
import { expect, test } from "./support/test";
import { SEED_FIXTURES } from "../../platform/seed";
import { LIST_FIXTURES } from "../../platform/seed-lists";
import { waitForHydration } from "./support/hydration";
import { articleUrl, urlId } from "./support/urls";

/** The bottom navigation bar built from app info (spec section 2), with and without JavaScript. */

const HOME = "/davmu/share/";
const UNSUPPORTED = "暂不支持该模块，请前往APP查看";

const bar = (page: Page) => page.getByRole("navigation", { name: "底部导航" });

test("the home page carries the bar with every item, the home item marked current", async ({ tab: page }) => {
  await page.goto(HOME);
  await expect(bar(page).getByRole("link")).toHaveText(["首页", "视频", "城市", "活动", "服务"]);
  await expect(bar(page).locator("[aria-current=page]")).toHaveText("首页");
  // The item's selected icon from app info, and its label in the theme colour (darkened to stay readable).
  await expect(bar(page).getByRole("link", { name: "首页" }).locator("img")).toHaveAttribute("src", /nav-home-active\.svg$/);
  await expect(bar(page).getByRole("link", { name: "视频" }).locator("img")).toHaveAttribute("src", /nav-video\.svg$/);
  // It stays on screen at the bottom, above the safe area, with the page's last card clear of it.
  const box = (await bar(page).boundingBox())!;
  expect(box.y + box.height).toBeCloseTo(page.viewportSize()!.height, 0);
});

test("each item leads to what it binds, and is marked current there", async ({ tab: page }) => {
  await page.goto(HOME);
  await bar(page).getByRole("link", { name: "视频" }).click();
  await expect(page).toHaveURL(`${HOME}?group=${urlId(SEED_FIXTURES.groups.video)}`);
  await expect(bar(page).locator("[aria-current=page]")).toHaveText("视频");
  // A one-group item titles its page with the group instead of a single tab.
  await expect(page.getByRole("heading", { level: 1, name: "视频" })).toBeVisible();
  await expect(page.locator("ul.card-list > li.card").first()).toBeVisible();

  await bar(page).getByRole("link", { name: "城市" }).click();
  await expect(page).toHaveURL(`${HOME}list/${urlId(LIST_FIXTURES.cityRenewal)}/index`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("城市更新观察");
  await expect(bar(page).locator("[aria-current=page]")).toHaveText("城市");

  await bar(page).getByRole("link", { name: "活动" }).click();
  await expect(page).toHaveURL(`${HOME}activity/index`);
  await expect(bar(page).locator("[aria-current=page]")).toHaveText("活动");

  await bar(page).getByRole("link", { name: "首页" }).click();
  await expect(page).toHaveURL(HOME);
  await expect(bar(page).locator("[aria-current=page]")).toHaveText("首页");
});

test("the home item stays current on its own groups' tabs", async ({ tab: page }) => {
  await page.goto(`${HOME}?group=${urlId(SEED_FIXTURES.groups.sport)}`);
  await expect(bar(page).locator("[aria-current=page]")).toHaveText("首页");
  await expect(page.locator("nav.tabs [aria-current=page]")).toHaveText("体育");
});

test("an app-only item says so instead of navigating", async ({ tab: page, phone }) => {
  await page.goto(HOME);
  if (phone.js) await waitForHydration(page, ".bottom-nav__item");
  await expect(bar(page).getByText(UNSUPPORTED)).toBeHidden();
  await bar(page).getByRole("link", { name: "服务" }).click();
  if (!phone.js) {
    await expect(bar(page).getByText(UNSUPPORTED)).toBeVisible();
  } else {
    await expect(page.locator(".toast")).toHaveText(UNSUPPORTED);
  }
  await expect(page).toHaveURL((url) => url.pathname === HOME && !url.search);
});

test("detail pages and pages no item binds carry no bar", async ({ tab: page, phone }) => {
  await page.goto(articleUrl(SEED_FIXTURES.article));
  await expect(page.locator("h1.article__title")).toBeVisible();
  await expect(bar(page)).toHaveCount(0);
  // From a page without the bar to one with it: with JavaScript the bar's own chunk loads on the way.
  if (phone.js) await waitForHydration(page, "details.nav");
  await page.locator("details.nav summary").click();
  await page.locator(".nav__panel").getByRole("link", { name: "首页", exact: true }).click();
  await expect(page).toHaveURL(HOME);
  await expect(bar(page).locator("[aria-current=page]")).toHaveText("首页");
  await page.goto(`${HOME}search/index`);
  await expect(bar(page)).toHaveCount(0);
});

test("an empty group shows the empty state, with the bar still there", async ({ tab: page }) => {
  await page.goto(HOME);
  await page.locator("nav.tabs a", { hasText: "健康" }).click();
  await expect(page.getByText("这个频道还没有内容，去看看别的吧")).toBeVisible();
  await expect(page.locator("li.card")).toHaveCount(0);
  await expect(page.locator("a.load-more")).toHaveCount(0);
  await expect(bar(page).locator("[aria-current=page]")).toHaveText("首页");
});

test("the panel's 更多 module leads to the site's own pages, each of which opens", async ({ tab: page, request }) => {
  await page.goto(HOME);
  // The panel is closed: its links are read from the page, not clicked.
  const more = page.locator(".nav__module", { has: page.locator("h2", { hasText: "更多" }) });
  const hrefs = await more.locator("a").evaluateAll((links) => links.map((link) => link.getAttribute("href")!));
  expect(hrefs).toEqual(
    ["search/index", "dejin/catalog/index", "activity/index", "fly_card/index", "invite/index", "bar"].map((path) => HOME + path),
  );
  for (const href of hrefs) expect((await request.get(href)).status(), href).toBe(200);
  // The bar's list and page items are modules of the panel too.
  const panelHrefs = await page.locator(".nav__panel a").evaluateAll((links) => links.map((link) => link.getAttribute("href")));
  expect(panelHrefs).toContain(`${HOME}list/${urlId(LIST_FIXTURES.cityRenewal)}/index`);
});
