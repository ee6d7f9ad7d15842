import { expect, test } from "./support/test";
import { SEED_FIXTURES } from "../../platform/seed";
import { expectInertMarkup, recordDialogs } from "./support/inert-markup";
import { seedArticle } from "./support/seed-content";
import { articleUrl } from "./support/urls";

const HOSTILE = articleUrl(SEED_FIXTURES.hostile);
const letter = seedArticle(SEED_FIXTURES.hostile);

test.describe("an article whose CMS body carries script", () => {
  test("renders the text and runs nothing", async ({ page }) => {
    const dialogs = recordDialogs(page);
    const evilRequests: string[] = [];
    page.on("request", (request) => {
      if (new URL(request.url()).hostname.endsWith("evil.example")) evilRequests.push(request.url());
    });
    const response = await page.goto(HOSTILE);
    expect(response?.status()).toBe(200);

    const body = page.locator(".article__body");
    await expect(page.locator("h1.article__title")).toHaveText(letter.title);
    // The ordinary content survives sanitizing.
    await expect(body.locator("p").first()).toContainText("我住在老城区的一个老小区");
    await expect(body.locator("h2", { hasText: "我们的几点建议" })).toBeVisible();
    await expect(body.locator("ol > li")).toHaveCount(3);
    await expect(body.locator("blockquote")).toContainText("停车难不是一天形成的");
    await expect(body).toContainText("——老城区居民 周先生");

    await expectInertMarkup(body);
    await expect(body.locator("script")).toHaveCount(0);
    await expect(page.locator('iframe[src*="evil.example"]')).toHaveCount(0);
    await expect(body.locator("iframe")).toHaveCount(0);
    // The broken image keeps no handler; the script text is not shown as text either.
    await expect(body).not.toContainText("__pwned");

    // The javascript: link is defused: clicking it runs nothing.
    const link = body.getByText("点这里");
    await expect(link).toBeVisible();
    await link.click();
    expect(await page.evaluate(() => (window as { __pwned?: unknown }).__pwned)).toBeUndefined();
    await expect(page.locator("h1.article__title")).toHaveText(letter.title);
    expect(dialogs).toEqual([]);
    expect(evilRequests).toEqual([]);
  });

  test("the server HTML itself holds none of the hostile markup @once", async ({ request }) => {
    const html = await (await request.get(HOSTILE)).text();
    const start = html.indexOf('class="article__body');
    const end = html.indexOf("</article>", start);
    expect(start).toBeGreaterThan(0);
    const bodyHtml = html.slice(start, end);
    expect(bodyHtml).not.toMatch(/<script/i);
    expect(bodyHtml).not.toMatch(/\son[a-z]+\s*=/i);
    expect(bodyHtml).not.toMatch(/javascript:/i);
    expect(bodyHtml).not.toMatch(/<iframe/i);
    expect(bodyHtml).toContain("我们的几点建议");
  });

  test("stays inert after the page hydrates", async ({ page, phone }) => {
    test.skip(!phone.js, "hydration needs JavaScript");
    const dialogs = recordDialogs(page);
    const errors: string[] = [];
    page.on("pageerror", (error) => errors.push(error.message));
    await page.goto(HOSTILE);
    // Hydrated: the _t rule has run.
    await expect(page).toHaveURL(/\?_t=\d+$/);
    await expectInertMarkup(page.locator(".article__body"));
    await page.locator(".article__body").getByText("点这里").click();
    expect(await page.evaluate(() => (window as { __pwned?: unknown }).__pwned)).toBeUndefined();
    expect(dialogs).toEqual([]);
    expect(errors).toEqual([]);
  });
});
