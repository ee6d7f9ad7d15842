import { expect, test } from "./support/test";
import { LIST_FIXTURES } from "../../platform/seed-lists";
import { recordDocumentRequests } from "./support/document-requests";
import { waitForHydration } from "./support/hydration";
import { expectInertMarkup, recordDialogs } from "./support/inert-markup";
import { urlId } from "./support/urls";

const BASE = "/davmu/share";
const listUrl = (dbId: number) => `${BASE}/list/${urlId(dbId)}/index`;
const modelUrl = (dbId: number, group?: number) => `${BASE}/content_model/index?id=${urlId(dbId)}${group ? `&group=${urlId(group)}` : ""}`;
const searchUrl = (keyword: string) => `${BASE}/search/index?keyword=${encodeURIComponent(keyword)}`;
const DETAIL_PATH = /^\/davmu\/share\/[\w-]+\/[a-z_]+\/\d{4}\/\d{2}\/[A-Za-z0-9]+\/index(?:\.html)?$/;

test.describe("list page", () => {
  test("shows a titled list of cards with its share metadata", async ({ tab: page }) => {
    const response = await page.goto(listUrl(LIST_FIXTURES.cityRenewal));
    expect(response?.status()).toBe(200);
    await expect(page).toHaveTitle("城市更新观察 - 大目新闻");
    await expect(page.locator("h1")).toHaveText("城市更新观察");
    await expect(page.locator(".list-page__desc")).toContainText("老城");
    const cards = page.locator("ul.card-list > li.card");
    await expect(cards).toHaveCount(10);
    await expect(cards.first().locator("h3")).toHaveText("地铁5号线今日开通运营 江北到高新区最快40分钟");
    // Each card opens its share page; link content (the 民生实事 notice) opens its own address.
    for (const href of await cards.locator("a.card__link").evaluateAll((links) => links.map((a) => a.getAttribute("href")))) {
      expect(href).toMatch(href?.startsWith("https://") ? /^https:\/\/www\.example\.org\// : DETAIL_PATH);
    }
    await expect(page.locator('meta[property="og:title"]')).toHaveAttribute("content", "城市更新观察");
    await expect(page.locator('meta[property="og:image"]')).toHaveAttribute("content", /^http:\/\/localhost:\d+\/_platform\/media\//);
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", new RegExp(`${listUrl(LIST_FIXTURES.cityRenewal)}$`));
  });

  test("pages with load-more, with and without JavaScript", async ({ tab: page, loadMore, phone }) => {
    const documents = recordDocumentRequests(page);
    await page.goto(listUrl(LIST_FIXTURES.cityRenewal));
    const cards = page.locator("ul.card-list > li.card");
    await expect(cards).toHaveCount(10);
    await loadMore();
    // Eleven items are listed (a twelfth is offline): the second page has one, and then there is no more.
    await expect(cards).toHaveCount(11);
    await expect(page.locator("a.load-more")).toHaveCount(0);
    await expect(cards.last().locator("h3")).toHaveText("读者来信：小区停车难，我们有几点建议");
    if (phone.js) expect(documents, "document requests").toHaveLength(1);
    else await expect(page).toHaveURL(/\?page=2$/);
  });

  test("says so when a list has nothing yet", async ({ tab: page }) => {
    const response = await page.goto(listUrl(LIST_FIXTURES.empty));
    expect(response?.status()).toBe(200);
    await expect(page.locator("h1")).toHaveText("临江年度人物");
    await expect(page.locator(".empty")).toContainText("这里还没有内容");
    await expect(page.locator(".empty a", { hasText: "去首页看看" })).toHaveAttribute("href", `${BASE}/`);
    await expect(page.locator("li.card")).toHaveCount(0);
  });

  test("shows every card, those without a usable target leading to their share link or the app-open dialog", async ({ tab: page }) => {
    await page.goto(listUrl(LIST_FIXTURES.untargeted));
    const links = page.locator("ul.card-list > li.card a.card__link");
    await expect(links).toHaveCount(4);
    const hrefs = await links.evaluateAll((all) => all.map((a) => a.getAttribute("href")));
    expect(hrefs).toEqual(["https://www.example.com/davmu/topic/morning-run", "#app-open", "#app-open", "#app-open"]);
    const dialog = page.locator("#app-open");
    await expect(dialog).toBeHidden();
    await links.nth(1).click();
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole("heading")).toHaveText("打开APP，查看更多精彩内容");
  });

  test("answers 404 for an id that does not decode, an unknown list or a wrong last segment @once", async ({ tab: page }) => {
    for (const url of [`${BASE}/list/not-an-id/index`, listUrl(999), `${BASE}/list/${urlId(LIST_FIXTURES.weekend)}/other`]) {
      const response = await page.goto(url);
      expect(response?.status(), url).toBe(404);
      await expect(page.locator(".error-page__title")).toBeVisible();
    }
    expect((await page.goto(`${BASE}/list/${urlId(LIST_FIXTURES.weekend)}/index.html`))?.status()).toBe(200);
  });
});

test.describe("content model page", () => {
  test("shows the model's groups as tabs, the first by default", async ({ tab: page, phone }) => {
    const response = await page.goto(modelUrl(LIST_FIXTURES.livelihood));
    expect(response?.status()).toBe(200);
    await expect(page).toHaveTitle("临江民生 - 大目新闻");
    const tabs = page.locator("nav.tabs a");
    await expect(tabs).toHaveText(["交通出行", "住房社区", "公共服务"]);
    await expect(tabs.first()).toHaveAttribute("aria-current", "page");
    await expect(page.locator("li.card")).toHaveCount(3);

    if (phone.js) await waitForHydration(page, "nav.tabs a");
    await tabs.filter({ hasText: "住房社区" }).click();
    await expect(page).toHaveURL(new RegExp(`group=${urlId(LIST_FIXTURES.livelihoodHousing)}`));
    await expect(page.locator("nav.tabs a[aria-current=page]")).toHaveText("住房社区");
    // Two of the four are offline or deleted.
    await expect(page.locator("li.card h3")).toHaveText(["老旧小区加装电梯提速 今年计划完成300台", "读者来信：小区停车难，我们有几点建议"]);
  });

  test("answers 404 without an id, for a bad id and for another model's group @once", async ({ tab: page }) => {
    for (const url of [
      `${BASE}/content_model/index`,
      `${BASE}/content_model/index?id=bad`,
      modelUrl(99),
      modelUrl(LIST_FIXTURES.livelihood, 4),
      `${modelUrl(LIST_FIXTURES.livelihood)}&group=bad`,
    ]) {
      expect((await page.goto(url))?.status(), url).toBe(404);
    }
    expect((await page.goto(modelUrl(LIST_FIXTURES.culture).replace("/index?", "/index.html?")))?.status()).toBe(200);
  });
});

test.describe("search page", () => {
  test("offers the hot words, each a search", async ({ tab: page }) => {
    const response = await page.goto(`${BASE}/search/index`);
    expect(response?.status()).toBe(200);
    await expect(page).toHaveTitle("搜索 - 大目新闻");
    const words = page.locator(".hot-words__word");
    await expect(words).toHaveCount(10);
    await expect(words.first()).toHaveText("地铁5号线");
    await page.locator(".hot-words__link", { hasText: "马拉松" }).click();
    await expect(page).toHaveURL(searchUrl("马拉松"));
    await expect(page.locator("li.card").first().locator("mark")).toHaveText("马拉松");
  });

  test("searches Chinese words with a plain GET form and marks them in the results", async ({ tab: page, phone }) => {
    await page.goto(`${BASE}/search/index`);
    if (phone.js) await waitForHydration(page, "form[role=search]");
    await page.getByRole("searchbox", { name: "搜索关键词" }).fill("老街 夜市");
    await page.getByRole("button", { name: "搜索" }).click();
    await expect(page).toHaveURL(/\/search\/index\?keyword=%E8%80%81%E8%A1%97\+%E5%A4%9C%E5%B8%82$/);
    await expect(page.locator("#results-title")).toHaveText(/^找到 \d+ 条与“老街 夜市”相关的内容$/);
    // Both words in the title ranks first.
    const title = page.locator("li.card h3").first();
    await expect(title).toHaveText("老街夜市重新开张 首周客流超二十万人次");
    await expect(title.locator("mark")).toHaveText(["老街", "夜市"]);
    await expect(page.getByRole("searchbox", { name: "搜索关键词" })).toHaveValue("老街 夜市");
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", /\/search\/index\?keyword=%E8%80%81%E8%A1%97\+%E5%A4%9C%E5%B8%82$/);
  });

  test("pages through the results", async ({ tab: page, request, loadMore, phone }) => {
    await page.goto(searchUrl("临江"));
    const total = Number((await page.locator("#results-title").textContent())?.match(/找到 (\d+) 条/)?.[1]);
    expect(total).toBeGreaterThan(10);
    // Items of the app-only types are left out, so a page may hold fewer than 10.
    const shown = async (n: number) =>
      ((await (await request.get(`${BASE}/api/search?keyword=${encodeURIComponent("临江")}&page=${n}`)).json()) as { list: unknown[] }).list.length;
    const [first, second] = [await shown(1), await shown(2)];
    expect(first + second).toBeGreaterThan(first);
    const cards = page.locator("ul.card-list > li.card");
    await expect(cards).toHaveCount(first);
    await loadMore();
    await expect(cards).toHaveCount(first + second);
    if (!phone.js) await expect(page).toHaveURL(/keyword=%E4%B8%B4%E6%B1%9F&page=2$/);
    const titles = await cards.locator("h3").allTextContents();
    expect(new Set(titles).size).toBe(titles.length);
  });

  test("says clearly when nothing matches, and suggests the hot words", async ({ tab: page }) => {
    const response = await page.goto(searchUrl("量子计算"));
    expect(response?.status()).toBe(200);
    await expect(page.locator(".empty")).toContainText("没有找到与“量子计算”相关的内容");
    await expect(page.locator("li.card")).toHaveCount(0);
    await expect(page.locator(".hot-words__word")).toHaveCount(10);
  });

  const hostile = ["<script>window.__pwned = 1</script>", `"'><img src=x onerror="window.__pwned = 1">`, "%", "_", "100%_off"];
  for (const keyword of hostile) {
    test(`shows hostile input ${JSON.stringify(keyword)} as text, never a 500 @once`, async ({ tab: page }) => {
      const dialogs = recordDialogs(page);
      const response = await page.goto(searchUrl(keyword));
      expect(response?.status()).toBe(200);
      await expect(page.locator(".empty")).toContainText(`没有找到与“${keyword}”相关的内容`);
      await expect(page.getByRole("searchbox", { name: "搜索关键词" })).toHaveValue(keyword);
      await expectInertMarkup(page.locator("main"));
      expect(await page.evaluate(() => (window as { __pwned?: number }).__pwned)).toBeUndefined();
      expect(dialogs).toEqual([]);
    });
  }

  test("answers a 2 KB keyword with a message next to the field", async ({ tab: page }) => {
    const keyword = `<b>"'${"x".repeat(2042)}`;
    const response = await page.goto(searchUrl(keyword));
    expect(response?.status()).toBe(400);
    const field = page.getByRole("searchbox", { name: "搜索关键词" });
    await expect(field).toHaveAttribute("aria-invalid", "true");
    await expect(page.locator("#keyword-error")).toHaveText("搜索关键词不能超过50个字");
    await expect(field).toHaveAttribute("aria-describedby", "keyword-error");
    await expect(page.locator(".hot-words__word")).toHaveCount(10);
    await expectInertMarkup(page.locator("main"));
  });

  test("an empty keyword is the search start page", async ({ tab: page }) => {
    expect((await page.goto(searchUrl("   ")))?.status()).toBe(200);
    await expect(page.locator("#results-title")).toHaveCount(0);
    await expect(page.locator(".hot-words__word")).toHaveCount(10);
  });

  test("keeps recent searches on the device, with a clear control", async ({ page, phone }) => {
    const recent = page.locator(".recent-searches__item");
    if (!phone.js) {
      await page.goto(searchUrl("夜市"));
      await page.goto(`${BASE}/search/index`);
      // Without JavaScript there is no device history: the section is absent, not empty.
      await expect(page.getByRole("heading", { name: "最近搜索" })).toHaveCount(0);
      return;
    }
    // The page records its keyword after hydration: wait for the device's history to hold it before leaving.
    const search = async (keyword: string) => {
      await page.goto(searchUrl(keyword));
      await expect
        .poll(() => page.evaluate(() => (JSON.parse(window.localStorage.getItem("davmu:recent-searches") ?? "[]") as string[])[0] ?? null), {
          message: `${keyword} recorded`,
        })
        .toBe(keyword);
    };
    await search("夜市");
    await expect(page.locator("li.card").first()).toBeVisible();
    await search("<i>地铁</i>");
    await search("夜市");
    await page.goto(`${BASE}/search/index`);
    await expect(recent).toHaveText(["夜市", "<i>地铁</i>"]);
    await expect(recent.first()).toHaveAttribute("href", `${BASE}/search/index?keyword=${encodeURIComponent("夜市")}`);

    await waitForHydration(page, ".search__clear");
    await page.getByRole("button", { name: "清空" }).click();
    await expect(page.getByRole("heading", { name: "最近搜索" })).toHaveCount(0);
    await page.reload();
    await expect(page.locator(".hot-words__word")).toHaveCount(10);
    await expect(recent).toHaveCount(0);
  });
});
