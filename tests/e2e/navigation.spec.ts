import { type APIRequestContext, type Page } from "@playwright/test";
import { isAndroidBrowser } from "./support/phones";
import { expect, test } from "./support/test";
import { waitForHydration } from "./support/hydration";
import { pageLinks } from "./support/page-links";
import { SPEC_ROUTES } from "./support/spec-routes";

/** The banner's slide-out navigation panel (spec section 2), with and without JavaScript. */

const HOME = "/davmu/share/";
const UNSUPPORTED = "暂不支持该模块，请前往APP查看";

async function openPanel(page: Page, js: boolean) {
  await page.goto(HOME);
  return openPanelOnPage(page, js);
}

/** Opens the banner's panel of the page on screen. */
async function openPanelOnPage(page: Page, js: boolean) {
  if (js) await waitForHydration(page, "details.nav");
  await page.locator("details.nav summary").click();
  const panel = page.locator("details.nav .nav__panel");
  await expect(panel).toBeVisible();
  return panel;
}

test("the open panel dims the page behind it, and a tap outside closes it", async ({ tab: page, phone }) => {
  const panel = await openPanel(page, phone.js);
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

test("Escape closes the panel and focus returns to the menu button; so does a tap on the banner", async ({ tab: page, phone }) => {
  test.skip(!phone.js, "keyboard and outside-tap handling need JavaScript");
  const panel = await openPanel(page, phone.js);
  await page.keyboard.press("Escape");
  await expect(panel).toBeHidden();
  await expect(page.locator("details.nav summary")).toBeFocused();

  await page.locator("details.nav summary").click();
  await expect(panel).toBeVisible();
  await page.locator("header.banner .banner__logo").click();
  await expect(panel).toBeHidden();
});

test("focus stays inside the open panel", async ({ tab: page, phone }) => {
  test.skip(!phone.js, "keyboard handling needs JavaScript");
  const panel = await openPanel(page, phone.js);
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

test("no module repeats its name as a heading over a single entry of the same name", async ({ tab: page, phone }) => {
  const panel = await openPanel(page, phone.js);
  for (const module of await panel.locator("section.nav__module").all()) {
    const headings = await module.locator("h2").allTextContents();
    const entries = await module.locator("a").allTextContents();
    for (const heading of headings) expect(entries, `module ${heading}`).not.toEqual([heading]);
  }
  // The seed's 视频 module holds one group, 视频: it shows once. The 首页 link right above names the home module.
  await expect(panel.getByText("视频", { exact: true })).toHaveCount(1);
  await expect(panel.getByRole("heading", { name: "首页" })).toHaveCount(0);
});

test("the 服务 module shows an entry that answers 'not supported' when tapped", async ({ tab: page, phone }) => {
  const panel = await openPanel(page, phone.js);
  await expect(panel.getByText(UNSUPPORTED)).toBeHidden();
  const service = panel.getByRole("link", { name: "服务", exact: true });
  await expect(service).toBeVisible();
  await service.click();
  if (!phone.js) {
    await expect(panel.getByText(UNSUPPORTED)).toBeVisible();
  } else {
    await expect(page.locator(".toast")).toHaveText(UNSUPPORTED);
  }
  await expect(page).toHaveURL((url) => url.pathname === HOME);
});

/** The hrefs of the panel's entries and of the bottom bar's items on the home page, app-only ones left out. */
async function navigationHrefs(page: Page): Promise<{ panel: string[]; bar: string[] }> {
  await page.goto(HOME);
  const hrefs = (selector: string) =>
    page.locator(selector).evaluateAll((links) => links.map((link) => link.getAttribute("href")!).filter((href) => !href.startsWith("#")));
  // The language choice is no entry: it goes to the same page in the other language.
  return { panel: await hrefs(".nav__panel a:not(.nav__language)"), bar: await hrefs("nav.bottom-nav a") };
}

/** The page a navigation link opened: the one it names, a real page (no error page), without a script error. */
async function expectOpened(page: Page, href: string, errors: string[]) {
  await expect(page).toHaveURL((url) => url.pathname + url.search === new URL(href, url).pathname + new URL(href, url).search);
  await expect(page.locator("main").first()).toBeVisible();
  await expect(page.locator("main.error-page")).toHaveCount(0);
  expect(errors, href).toEqual([]);
}

test.describe("every entry leads to its page", () => {
  test.skip(({ phone }) => !isAndroidBrowser(phone), "JavaScript on (android) and off (no-js) are the two cases");

  test("each entry of the panel opens its page when tapped", async ({ tab: page, phone }) => {
    const errors: string[] = [];
    page.on("pageerror", (error) => errors.push(error.message));
    const { panel } = await navigationHrefs(page);
    // The seed's modules and 更多: the home and its groups, a list, a content model, a tip-off topic, a circle, a
    // circle topic, a law question, and the site's own pages.
    expect(panel.length).toBeGreaterThanOrEqual(20);
    // A page load (with JavaScript, the router's) and a hydration per entry: the time allowed grows with the entries.
    test.setTimeout(panel.length * 15_000);
    for (const [index, href] of panel.entries()) {
      // The panel of the page the last entry opened (every page with the banner has the same one), else the home
      // page's: a page load less per entry than going back to the home page each time.
      const onPage = (await page.locator("details.nav").count()) > 0;
      // A route change closes the panel: it is opened again, not toggled shut.
      if (onPage) await expect(page.locator("details.nav")).not.toHaveAttribute("open");
      const entries = onPage ? await openPanelOnPage(page, phone.js) : await openPanel(page, phone.js);
      const entry = entries.locator("a:not([href^='#'])").nth(index);
      await expect(entry).toHaveAttribute("href", href);
      await entry.click();
      await expectOpened(page, href, errors);
    }
  });

  test("each item of the bottom bar opens its page when tapped", async ({ tab: page }) => {
    const errors: string[] = [];
    page.on("pageerror", (error) => errors.push(error.message));
    const { bar } = await navigationHrefs(page);
    expect(bar).toHaveLength(4);
    for (const [index, href] of bar.entries()) {
      await page.goto(HOME);
      await page.locator("nav.bottom-nav a:not([href^='#'])").nth(index).click();
      await expectOpened(page, href, errors);
    }
  });
});

/**
 * Follows the site's links from `starts` breadth first, up to `depth` links away, reading at most `perKind` pages
 * of each kind (a route of spec section 2, or an address's first segment): the kinds of page reached, each with the
 * trail that reached it.
 */
async function crawl(request: APIRequestContext, starts: string[], depth: number, perKind: number): Promise<Map<string, string[]>> {
  const kindOf = (path: string) => {
    const relative = decodeURIComponent(new URL(path, "http://x").pathname.slice(HOME.length));
    return SPEC_ROUTES.find((route) => route.pattern.test(relative))?.route ?? `other: ${relative.split("/")[0]}`;
  };
  const reached = new Map<string, string[]>();
  const read = new Map<string, number>();
  const seen = new Set<string>();
  let frontier = starts.map((path) => ({ path, trail: [path] }));
  for (let hop = 0; hop <= depth && frontier.length > 0; hop += 1) {
    const next: typeof frontier = [];
    for (const { path, trail } of frontier) {
      if (seen.has(path)) continue;
      seen.add(path);
      const kind = kindOf(path);
      if (!reached.has(kind)) reached.set(kind, trail);
      if ((read.get(kind) ?? 0) >= perKind || hop === depth) continue;
      read.set(kind, (read.get(kind) ?? 0) + 1);
      const response = await request.get(path);
      if (!response.ok() || !response.headers()["content-type"]?.includes("text/html")) continue;
      for (const link of pageLinks(await response.text(), response.url())) next.push({ path: link, trail: [...trail, link] });
    }
    frontier = next;
  }
  return reached;
}

test("every route of spec section 2 has a way in from the navigation @once", async ({ tab: page, request }) => {
  const { panel, bar } = await navigationHrefs(page);
  const reached = await crawl(request, [...new Set([...panel, ...bar])], 3, 8);
  const missing = SPEC_ROUTES.filter((route) => !route.notFromNavigation && !reached.has(route.route)).map((route) => route.route);
  expect(missing, "routes no link leads to, starting from the panel and the bar").toEqual([]);
  // One tap from the panel or the bar: the areas the navigation opens directly.
  for (const route of [
    "/dimim/circle/index",
    "/dimim/topic/index",
    "/fazak/problemShare/index",
    "/content_model/index",
    "/dejin/topic/{topic_name}/index",
    "/dejin/catalog/index",
    "/search/index",
    "/bar",
    "/list/{list_id}/index",
  ]) {
    expect(reached.get(route), route).toHaveLength(1);
  }
});
