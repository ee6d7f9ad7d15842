import { expect, test } from "./support/test";
import { SEED_FIXTURES } from "../../platform/seed";
import { topLevelComments } from "./support/comment-list";
import { waitForHydration } from "./support/hydration";
import { pageClock } from "./support/relative-time";
import { formatRelativeDate } from "../../app/lib/relative-date";
import { seedArticle } from "./support/seed-content";
import { articleUrl, urlId } from "./support/urls";
import { readableOnWhite } from "../../app/lib/theme";

/**
 * The article page as a reader sees it: the banner, theme, title and meta, the rich body, the lists under it
 * and the footer, with JavaScript and without.
 */

const HOME = "/davmu/share/";
const DETAIL_PATH = /^\/davmu\/share\/[\w-]+\/[a-z_]+\/\d{4}\/\d{2}\/[A-Za-z0-9]+\/index\.html$/;

const metro = seedArticle(SEED_FIXTURES.manyComments);
const METRO = articleUrl(SEED_FIXTURES.manyComments);
const CLOSED = articleUrl(SEED_FIXTURES.closedComments);

function hexToRgb(hex: string): string {
  const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16));
  return `rgb(${r}, ${g}, ${b})`;
}

test.describe("article page: layout", () => {
  test("shows the open-app banner with site name, description, login, open-app and menu, and reads its configuration again", async ({
    page,
    phone,
  }) => {
    // The re-read's answer is the site's own with a new name, held back until the page as rendered has been checked.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    let reread: unknown = null;
    await page.route("**/api/site-config", async (route) => {
      const answer = await route.fetch();
      reread = await answer.json();
      await held;
      await route.fulfill({ response: answer, json: { ...(reread as object), name: "大目新闻客户端" } });
    });
    const response = await page.goto(METRO);
    expect(response?.status()).toBe(200);

    const banner = page.locator("header.banner");
    await expect(banner).toBeVisible();
    const logo = banner.locator("img").first();
    await expect(logo).toBeVisible();
    // The logo really loads (naturalWidth is 0 for a broken image).
    await expect.poll(() => logo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    await expect(banner.locator(".banner__name")).toHaveText("大目新闻");
    await expect(banner.locator(".banner__desc")).toHaveText("打开APP，看更多精彩内容");
    await expect(banner.locator(".banner__login")).toHaveText("登录");
    const open = banner.locator("a.banner__open");
    await expect(open).toHaveText("打开APP");
    await expect(open).toHaveAttribute("href", /^https?:\/\/[^/]+\//);
    await expect(banner.locator("details.nav summary")).toBeVisible();
    if (!phone.js) return;

    // Spec section 9: read again 500 ms after the page starts; a change shows in place, moving nothing.
    const boxes = () => Promise.all([banner, open, banner.locator(".banner__login")].map((element) => element.boundingBox()));
    const before = await boxes();
    await expect.poll(() => reread).toMatchObject({ name: "大目新闻", description: expect.any(String), logo: expect.any(String) });
    release();
    await expect(banner.locator(".banner__name")).toHaveText("大目新闻客户端");
    expect(await boxes()).toEqual(before);
    const askedAt = await page.evaluate(
      () => performance.getEntriesByType("resource").find((entry) => entry.name.includes("api/site-config"))?.startTime,
    );
    expect(askedAt).toBeGreaterThanOrEqual(500);
  });

  test("the banner menu opens a navigation panel whose home link leads to the list", async ({ tab: page, phone }) => {
    await page.goto(METRO);
    if (phone.js) await waitForHydration(page, "details.nav .nav__home");
    await page.locator("details.nav summary").click();
    const home = page.locator("details.nav .nav__home");
    await expect(home).toBeVisible();
    await home.click();
    await expect(page).toHaveURL(new RegExp(`${HOME.replace(/\//g, "\\/")}$`));
    await expect(page.locator("ul.card-list > li.card").first()).toBeVisible();
    await expect(page.getByText("内容不存在或已下线")).toHaveCount(0);
  });

  test("uses the theme colour from app info", async ({ tab: page }) => {
    await page.goto(METRO);
    await expect(page.locator("html")).toHaveAttribute("style", /--theme:\s*#FF4A26/i);
    await expect(page.locator('meta[name="theme-color"][media*="light"]')).toHaveAttribute("content", /#FF4A26/i);
    // Decoration wears the brand colour itself; text-bearing buttons its shade with 4.5:1 contrast.
    const barColour = await page
      .locator(".section__title")
      .first()
      .evaluate((el) => getComputedStyle(el, "::before").backgroundColor);
    expect(barColour).toBe("rgb(255, 74, 38)");
    const buttonColour = await page.locator(".banner__open").evaluate((el) => getComputedStyle(el).backgroundColor);
    expect(buttonColour).toBe(hexToRgb(readableOnWhite("#FF4A26")));
  });

  test("shows title, source, relative publish time, view count and follow button", async ({ page }) => {
    await page.goto(METRO);
    await expect(page.locator("h1.article__title")).toHaveText(metro.title);
    const meta = page.locator(".article__meta");
    await expect(meta).toContainText(metro.source);
    const time = meta.locator("time");
    const dateTime = await time.getAttribute("datetime");
    expect(Date.now() - Date.parse(dateTime ?? "")).toBeGreaterThan(2 * 3600_000 - 120_000);
    // 2小时前, or 1小时前 while the page's minute is the seed's.
    const shown = await time.textContent();
    expect(shown).toMatch(/^[12]小时前$/);
    // Counted from the page's own clock: a stored page may have been rendered a minute or more before this visit.
    expect(shown).toBe(formatRelativeDate(dateTime ?? "", await pageClock(page)));
    await expect(meta).toContainText("12.3万阅读");
    await expect(meta.getByRole("button", { name: /关注/ })).toBeVisible();
  });

  test("renders the rich body: headings, paragraphs, images, quotes, lists and tables", async ({ tab: page }) => {
    await page.goto(METRO);
    const body = page.locator("div.article__body.rich-text");
    await expect(body).toBeVisible();
    await expect(body.locator("h2", { hasText: "早高峰通勤时间缩短二十分钟" })).toBeVisible();
    await expect(body.locator("p").first()).toContainText("临江地铁5号线正式开通初期运营");
    await expect(body.locator("blockquote")).toContainText("这条线我们等了五年");
    await expect(body.locator("ol > li")).toHaveCount(4);
    await expect(body.locator("table td", { hasText: "北站 → 会展中心" })).toBeVisible();
    const image = body.locator("img").first();
    await image.scrollIntoViewIfNeeded();
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    // A phone-width page: the body never scrolls sideways.
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });

  test("lists related reading that links to other share pages", async ({ tab: page }) => {
    await page.goto(METRO);
    const related = page.locator("section", { has: page.locator("h2", { hasText: "相关阅读" }) });
    await expect(related).toBeVisible();
    const links = related.locator("a.card__link");
    expect(await links.count()).toBeGreaterThan(0);
    for (const href of await links.evaluateAll((anchors) => anchors.map((a) => a.getAttribute("href") ?? ""))) {
      expect(href).toMatch(DETAIL_PATH);
      expect(href, "related reading does not list the article itself").not.toContain(`/${urlId(SEED_FIXTURES.manyComments)}/`);
    }
  });

  test("shows the 72-hour hot list and the editor-recommended list", async ({ tab: page }) => {
    await page.goto(METRO);
    const hot = page.locator("#feed-hot72");
    await expect(hot.locator("h2")).toHaveText("72小时热点");
    await expect(hot.locator("li.card")).toHaveCount(10);
    await expect(hot.locator("a.load-more")).toHaveText("加载更多");
    const recommend = page.locator("#feed-recommend");
    await expect(recommend.locator("h2")).toHaveText("编辑推荐");
    expect(await recommend.locator("li.card").count()).toBeGreaterThan(0);
    // A page never recommends itself: the metro article is recommended, but not here.
    await expect(recommend.locator("h3.card__title", { hasText: metro.title })).toHaveCount(0);
    await expect(hot.locator("h3.card__title", { hasText: metro.title })).toHaveCount(0);
  });

  test("the fixed comment footer has input, send, like and collect", async ({ page }) => {
    await page.goto(METRO);
    const footer = page.locator(".footer-bar");
    await expect(footer).toBeVisible();
    expect(await footer.evaluate((el) => getComputedStyle(el).position)).toBe("fixed");
    const input = footer.locator("#comment-input");
    await expect(input).toBeEnabled();
    await expect(input).toHaveAttribute("placeholder", "写评论...");
    await expect(footer.getByRole("button", { name: "发送" })).toBeVisible();
    await expect(footer.locator('a[href="#app-open"]').first()).toBeVisible();
    await expect(footer.getByRole("button", { name: "收藏" })).toBeVisible();
  });

  test("an app-only action opens the app dialog, which can be dismissed", async ({ tab: page }) => {
    await page.goto(METRO);
    const dialog = page.locator("#app-open");
    await expect(dialog).toBeHidden();
    await page.locator('.footer-bar a[href="#app-open"]').first().click();
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole("link", { name: "立即前往" })).toHaveAttribute("href", /^https?:\/\/[^/]+\//);
    await dialog.getByRole("link", { name: "再考虑下" }).click();
    await expect(dialog).toBeHidden();
    await expect(page.locator("h1.article__title")).toHaveText(metro.title);
  });

  test("comments closed: the footer input is disabled and says so", async ({ tab: page }) => {
    await page.goto(CLOSED);
    const input = page.locator("#comment-input");
    await expect(input).toBeDisabled();
    await expect(input).toHaveAttribute("placeholder", "评论已关闭");
  });
});

test.describe("article page without JavaScript", () => {
  test.skip(({ phone }) => phone.js, "the no-JS rendering");

  test("shows the title, body, comments and hot list", async ({ tab: page }) => {
    await page.goto(METRO);
    await expect(page.locator("h1.article__title")).toHaveText(metro.title);
    await expect(page.locator(".article__body p").first()).toBeVisible();
    await expect(topLevelComments(page).first().locator(".comment__content").first()).toBeVisible();
    await expect(page.locator("#feed-hot72 li.card").first()).toBeVisible();
    await expect(page.locator("header.banner")).toBeVisible();
    // No script ran: the address is the one that was asked for.
    expect(new URL(page.url()).search).toBe("");
  });
});
