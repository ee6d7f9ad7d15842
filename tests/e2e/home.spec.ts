import { type Locator } from "@playwright/test";
import { expect, test } from "./support/test";
import { formatRelativeDate } from "../../app/lib/relative-date";
import { SEED_FIXTURES } from "../../platform/seed";
import { recordDocumentRequests } from "./support/document-requests";
import { expectCleanHtmlBytes } from "./support/html-bytes";
import { waitForHydration } from "./support/hydration";
import { pageClock } from "./support/relative-time";
import { seedArticle } from "./support/seed-content";
import { urlId } from "./support/urls";

const HOME = "/davmu/share/";
const DETAIL_PATH = /^\/davmu\/share\/[\w-]+\/[a-z_]+\/\d{4}\/\d{2}\/[A-Za-z0-9]+\/index\.html$/;
const RELATIVE_TIME = /^(刚刚|\d+(秒|分钟|小时|天|周|个月|年)前)$/;

const metro = seedArticle(SEED_FIXTURES.manyComments); // 123456 views, 2 hours old
const elevators = seedArticle(SEED_FIXTURES.withReplies); // 45678 views
const rainWarning = seedArticle(SEED_FIXTURES.latest); // 689 views, about 35 minutes old
const marathonSignUp = seedArticle(5); // sport group only

test.describe("home page", () => {
  test("lists content cards that link to share pages", async ({ tab: page }) => {
    const response = await page.goto(HOME);
    expect(response?.status()).toBe(200);
    await expect(page).toHaveTitle("大目新闻");

    const cards = page.locator("ul.card-list > li.card");
    await expect(cards).toHaveCount(10);
    for (const card of await cards.all()) {
      const href = await card.locator("a.card__link").getAttribute("href");
      expect(href, "card link").toMatch(DETAIL_PATH);
      await expect(card.locator("h3.card__title")).not.toBeEmpty();
      await expect(card.locator(".card__meta")).toContainText(/\d+(\.\d)?[万亿]?阅读/);
      await expect(card.locator(".card__meta time")).toHaveText(RELATIVE_TIME);
    }
  });

  test("shortens view counts in Chinese units and shows relative publish times", async ({ page }) => {
    await page.goto(HOME);
    // Expected times are counted from the page's own clock, so they hold for any age of the seed, at any minute.
    const now = await pageClock(page);
    const expectShown = async (time: Locator, text: RegExp) => {
      const shown = await time.textContent();
      expect(shown).toMatch(text);
      expect(shown).toBe(formatRelativeDate((await time.getAttribute("datetime")) ?? "", now));
    };
    const card = (title: string) => page.locator("li.card", { has: page.locator("h3.card__title", { hasText: title }) });

    // Spec section 9's number filter: from 1e4 in 万 with one decimal, truncated (123456 → 12.3万, 45678 → 4.5万).
    await expect(card(metro.title).locator(".card__meta")).toContainText("12.3万阅读");
    await expectShown(card(metro.title).locator("time"), /^[12]小时前$/);
    await expect(card(elevators.title).locator(".card__meta")).toContainText("4.5万阅读");
    await expectShown(card(elevators.title).locator("time"), /^(19|20)小时前$/);
    // Under a thousand as is; minutes for the last hour, then hours (the seed's ages run on while the suite does).
    await expect(card(rainWarning.title).locator(".card__meta")).toContainText("689阅读");
    await expectShown(card(rainWarning.title).locator("time"), /^(\d+分钟前|1小时前)$/);
    // Thousands as they are (the k abbreviation is for the bare counts beside icons).
    await expect(page.locator(".card__meta", { hasText: "5432阅读" }).first()).toBeVisible();
  });

  test("shows the source of each card exactly as the CMS wrote it", async ({ tab: page }) => {
    await page.goto(HOME);
    const metaOf = page.locator("li.card", { has: page.locator("h3.card__title", { hasText: rainWarning.title }) });
    await expect(metaOf.locator(".card__optional span").first()).toHaveText(rainWarning.source);
  });

  test("serves HTML without NUL bytes or broken UTF-8 @once", async ({ request }) => {
    await expectCleanHtmlBytes(request, HOME);
    await expectCleanHtmlBytes(request, `${HOME}?page=3`);
  });

  test("group tabs filter the list by channel", async ({ tab: page }) => {
    await page.goto(HOME);
    const tabs = page.locator("nav.tabs a");
    await expect(tabs.first()).toHaveClass(/tabs__item--active/);

    const sport = page.locator("nav.tabs a", { hasText: "体育" });
    await expect(sport).toHaveAttribute("href", `${HOME}?group=${urlId(SEED_FIXTURES.groups.sport)}`);
    await sport.click();

    await expect(page).toHaveURL(new RegExp(`\\?group=${urlId(SEED_FIXTURES.groups.sport)}$`));
    await expect(page.locator("nav.tabs a.tabs__item--active")).toHaveText("体育");
    await expect(page.locator("h3.card__title", { hasText: marathonSignUp.title })).toBeVisible();
    await expect(page.locator("h3.card__title", { hasText: metro.title })).toHaveCount(0);
    await expect(page.locator("ul.card-list > li.card")).toHaveCount(3);
    // Three sport items: nothing more to load.
    await expect(page.locator("a.load-more")).toHaveCount(0);
  });

  test("each channel tab has a distinct label", async ({ tab: page }) => {
    await page.goto(HOME);
    const labels = (await page.locator("nav.tabs a").allTextContents()).map((label) => label.trim());
    expect(labels.length).toBeGreaterThan(1);
    const repeated = labels.filter((label, index) => labels.indexOf(label) !== index);
    expect(repeated, `tab labels ${labels.join(" / ")}`).toEqual([]);
  });

  test("an unknown group id is a 404, not an empty list", async ({ tab: page }) => {
    const response = await page.goto(`${HOME}?group=zzzzzzzz`);
    expect(response?.status()).toBe(404);
  });

  test("home → article: a card opens its share page", async ({ tab: page }) => {
    await page.goto(HOME);
    const card = page.locator("li.card", { has: page.locator("h3.card__title", { hasText: metro.title }) });
    await card.locator("a.card__link").click();

    await expect(page).toHaveURL(/\/davmu\/share\/news\/doc\/\d{4}\/\d{2}\/[A-Za-z0-9]+\/index\.html/);
    await expect(page.locator("h1.article__title")).toHaveText(metro.title);
    await expect(page.locator(".article__body")).toContainText("5号线");
    await expect(page).toHaveTitle(`${metro.title} - 大目新闻`);
  });

  test("load more without JavaScript is a plain link to the next page", async ({ tab: page, phone }) => {
    test.skip(phone.js, "the plain-link path is what no-JS visitors get");
    await page.goto(HOME);
    const cards = page.locator("ul.card-list > li.card");
    await expect(cards).toHaveCount(10);
    const firstTitles = await page.locator("h3.card__title").allTextContents();

    await page.locator("a.load-more", { hasText: "加载更多" }).click();
    await expect(page).toHaveURL(/\?page=2$/);
    await expect(cards).toHaveCount(20);
    // Page 2 keeps page 1 above it and adds new items.
    const titles = await page.locator("h3.card__title").allTextContents();
    expect(titles.slice(0, 10)).toEqual(firstTitles);
    expect(new Set(titles).size).toBe(20);
    await expect(page.locator("a.load-more")).toHaveAttribute("href", `${HOME}?page=3`);
  });

  test("load more with JavaScript appends the next page in place", async ({ tab: page, phone }) => {
    test.skip(!phone.js, "needs JavaScript");
    const documents = recordDocumentRequests(page);
    await page.goto(HOME);
    const cards = page.locator("ul.card-list > li.card");
    await expect(cards).toHaveCount(10);
    await waitForHydration(page, "a.load-more");
    const firstTitles = await page.locator("h3.card__title").allTextContents();

    await page.locator("a.load-more").click();
    await expect(cards).toHaveCount(20);
    await expect(page.locator("a.load-more")).toHaveText("加载更多");
    const titles = await page.locator("h3.card__title").allTextContents();
    expect(titles.slice(0, 10)).toEqual(firstTitles);
    expect(new Set(titles).size).toBe(20);

    await page.locator("a.load-more").click();
    await expect(cards).toHaveCount(30);
    expect(documents, "document requests").toHaveLength(1);
  });
});
