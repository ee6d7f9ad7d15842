import { expect, test } from "./support/test";
import { SEED_FIXTURES } from "../../platform/seed";
import { charactersPerLine } from "./support/text-lines";
import { urlId } from "./support/urls";

const BASE = "/davmu/share/";
const metroId = urlId(SEED_FIXTURES.manyComments);

const missingContent: Array<[string, string]> = [
  ["the last segment is index.htm", `${BASE}news/doc/2026/11/${metroId}/index.htm`],
  ["the last segment is foo.html", `${BASE}news/doc/2026/11/${metroId}/foo.html`],
  ["the id does not decode (zzzzzzzz)", `${BASE}news/doc/2026/11/zzzzzzzz/index.html`],
  ["the id does not decode (0)", `${BASE}news/doc/2026/11/0/index.html`],
  ["the article has state 17 (offline)", `${BASE}news/doc/2026/11/${urlId(SEED_FIXTURES.state17)}/index.html`],
  ["the article has state 100 (deleted)", `${BASE}news/doc/2026/11/${urlId(SEED_FIXTURES.state100)}/index.html`],
  ["the error page itself", `${BASE}404`],
  ["the agreement is unknown", `${BASE}agreement/nope`],
  // The platform refuses the parameter (code 400): the address names nothing, it is no outage.
  ["the home page's group is longer than the platform accepts", `${BASE}?group=${"g".repeat(65)}`],
];

test.describe("missing content answers HTTP 404", () => {
  for (const [why, path] of missingContent) {
    test(`when ${why} @once`, async ({ tab: page }) => {
      const response = await page.goto(path);
      expect(response?.status()).toBe(404);
      await expect(page.getByRole("heading", { name: "内容不存在或已下线" })).toBeVisible();
      // The tab and any share card say the page was not found, not just the site name.
      await expect(page).toHaveTitle("内容不存在 - 大目新闻");
      const back = page.getByRole("link", { name: "返回首页" });
      await expect(back).toHaveAttribute("href", BASE);
      // Nothing of an article leaks onto the error page.
      await expect(page.locator("h1.article__title")).toHaveCount(0);
      await expect(page.locator(".footer-bar")).toHaveCount(0);
    });
  }

  test("'back to the home page' leads to the content list", async ({ tab: page }) => {
    await page.goto(`${BASE}news/doc/2026/11/zzzzzzzz/index.html`);
    await page.getByRole("link", { name: "返回首页" }).click();
    await expect(page).toHaveURL(new RegExp(`${BASE}$`));
    await expect(page.locator("ul.card-list > li.card").first()).toBeVisible();
  });

  test("the offline article's title does not appear in the 404 HTML @once", async ({ request }) => {
    const response = await request.get(`${BASE}news/doc/2026/11/${urlId(SEED_FIXTURES.state17)}/index.html`);
    expect(response.status()).toBe(404);
    expect(await response.text()).not.toContain("关于滨江花园小区临时停水的通知");
  });
});

test.describe("unmatched URLs answer HTTP 404", () => {
  for (const path of [`${BASE}no/such/page`, `${BASE}news/nope.html`, `${BASE}news/doc/2026/11/${metroId}/index.html/extra`]) {
    test(`${path} @once`, async ({ tab: page }) => {
      const response = await page.goto(path);
      expect(response?.status()).toBe(404);
      await expect(page.getByText("抱歉，页面找不到了")).toBeVisible();
      await expect(page.getByRole("link", { name: "返回首页" })).toHaveAttribute("href", BASE);
    });
  }

  test("the 404 page's title says the page was not found @once", async ({ tab: page }) => {
    await page.goto(`${BASE}no/such/page`);
    await expect(page).toHaveTitle("页面找不到了 - 大目新闻");
  });
});

test.describe("the 404 page's short texts wrap in balanced lines", () => {
  // Phone widths where the hint needs two lines: unbalanced, the last line held a lone character.
  for (const width of [360, 375, 390]) {
    test(`at ${width} px no line ends with a lone character @once`, async ({ page }) => {
      await page.setViewportSize({ width, height: 800 });
      await page.goto(`${BASE}404`);
      expect(await charactersPerLine(page.locator(".error-page h1")), "the title fits one line").toHaveLength(1);
      const hint = page.locator(".error-page__hint");
      const lines = await charactersPerLine(hint);
      // At these widths the hint cannot fit one line, so the balance rule is always what is checked here.
      expect(lines.length, `"${await hint.textContent()}" takes two lines or more`).toBeGreaterThan(1);
      expect(Math.min(...lines), `lines of "${await hint.textContent()}": ${lines}`).toBeGreaterThan(lines[0] / 2);
    });
  }
});
