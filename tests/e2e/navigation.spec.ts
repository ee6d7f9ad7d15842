import { expect, test, type Page } from "@playwright/test";
import { waitForHydration } from "./support/hydration";
import { isNoJs } from "./support/login";

/** The banner's slide-out navigation panel (spec section 2), with and without JavaScript. */

const HOME = "/davmu/share/";
const UNSUPPORTED = "暂不支持该模块，请前往APP查看";

async function openPanel(page: Page) {
  await page.goto(HOME);
  if (!isNoJs(test.info())) await waitForHydration(page, "details.nav");
  await page.locator("details.nav summary").click();
  const panel = page.locator("details.nav .nav__panel");
  await expect(panel).toBeVisible();
  return panel;
}

test("the open panel dims the page behind it, and a tap outside closes it", async ({ page }) => {
  const panel = await openPanel(page);
  const viewport = page.viewportSize()!;
  const panelBox = (await panel.boundingBox())!;
  // A point left of the panel, below the banner: the page there is covered by a dark backdrop.
  const outside = { x: panelBox.x / 2, y: viewport.height / 2 };
  const backdrop = await page.evaluate(({ x, y }) => {
    const hit = document.elementFromPoint(x, y)!;
    return { inNav: Boolean(hit.closest("details.nav")), color: getComputedStyle(hit.closest("summary") ?? hit, "::before").backgroundColor };
  }, outside);
  expect(backdrop.inNav, "the tap lands on the panel's backdrop, not the page").toBe(true);
  expect(backdrop.color).toMatch(/^rgba\(0, 0, 0, 0\.[3-9]/);

  await page.mouse.click(outside.x, outside.y);
  await expect(panel).toBeHidden();
  await expect(page).toHaveURL((url) => url.pathname === HOME && !url.search);
});

test("Escape closes the panel and focus returns to the menu button; so does a tap on the banner", async ({ page }, testInfo) => {
  test.skip(isNoJs(testInfo), "keyboard and outside-tap handling need JavaScript");
  const panel = await openPanel(page);
  await page.keyboard.press("Escape");
  await expect(panel).toBeHidden();
  await expect(page.locator("details.nav summary")).toBeFocused();

  await page.locator("details.nav summary").click();
  await expect(panel).toBeVisible();
  await page.locator("header.banner .banner__logo").click();
  await expect(panel).toBeHidden();
});

test("focus stays inside the open panel", async ({ page }, testInfo) => {
  test.skip(isNoJs(testInfo), "keyboard handling needs JavaScript");
  const panel = await openPanel(page);
  const toggle = page.locator("details.nav summary");
  await toggle.focus();
  const stops = await panel.locator("a[href]").count();
  // Forward through every entry and once around: focus never leaves the menu button and the panel.
  for (let i = 0; i <= stops + 1; i += 1) {
    await page.keyboard.press("Tab");
    expect(await page.evaluate(() => Boolean(document.activeElement?.closest("details.nav"))), `Tab ${i + 1}`).toBe(true);
  }
  await toggle.focus();
  await page.keyboard.press("Shift+Tab");
  await expect(panel.locator("a[href]").last()).toBeFocused();
});

test("no module repeats its name as a heading over a single entry of the same name", async ({ page }) => {
  const panel = await openPanel(page);
  for (const module of await panel.locator("section.nav__module").all()) {
    const headings = await module.locator("h2").allTextContents();
    const entries = await module.locator("a").allTextContents();
    for (const heading of headings) expect(entries, `module ${heading}`).not.toEqual([heading]);
  }
  // The seed's 视频 module holds one group, 视频: it shows once. The 首页 link right above names the home module.
  await expect(panel.getByText("视频", { exact: true })).toHaveCount(1);
  await expect(panel.getByRole("heading", { name: "首页" })).toHaveCount(0);
});

test("the 服务 module shows an entry that answers 'not supported' when tapped", async ({ page }, testInfo) => {
  const panel = await openPanel(page);
  await expect(panel.getByText(UNSUPPORTED)).toBeHidden();
  const service = panel.getByRole("link", { name: "服务", exact: true });
  await expect(service).toBeVisible();
  await service.click();
  if (isNoJs(testInfo)) {
    await expect(panel.getByText(UNSUPPORTED)).toBeVisible();
  } else {
    await expect(page.locator(".toast")).toHaveText(UNSUPPORTED);
  }
  await expect(page).toHaveURL((url) => url.pathname === HOME);
});
