import { type APIRequestContext, type Page } from "@playwright/test";
import ZH_HANT from "../../app/lib/ui-texts.zh-Hant.json" with { type: "json" };
import { COMMENT_TEXTS } from "../../app/lib/comment-text";
import { SEED_FIXTURES } from "../../platform/seed";
import { traditionalText } from "../../app/runtime/traditional-chinese.server";
import { E2E_ORIGIN } from "./support/e2e-server";
import { hydrationErrors, waitForHydration, waitForHydrationCommitted } from "./support/hydration";
import { pageLinks, relativeSitePath } from "./support/page-links";
import { seedArticle } from "./support/seed-content";
import { SPEC_ROUTES } from "./support/spec-routes";
import { expect, test } from "./support/test";
import { articleUrl } from "./support/urls";

/** Traditional Chinese pages (docs/languages.md): zh-Hans at today's addresses, zh-Hant under the prefix, the cookie. */

const HOME = "/davmu/share/";
const hant = (path: string) => path.replace(HOME, `${HOME}zh-Hant/`);
const ARTICLE = articleUrl(SEED_FIXTURES.article);

async function chooseInPanel(page: Page, js: boolean, language: "繁體中文" | "简体中文") {
  if (js) await waitForHydration(page, "details.nav");
  await page.locator("details.nav summary").click();
  await page.locator(".nav__panel").getByRole("link", { name: language }).click();
}

test("an article in zh-Hant: converted content, its head, and a card link that keeps the prefix", async ({ tab: page, phone }) => {
  const { title } = seedArticle(SEED_FIXTURES.article);
  await page.goto(hant(ARTICLE));
  await expect(page.locator("html")).toHaveAttribute("lang", "zh-Hant");
  await expect(page.locator("h1")).toHaveText(traditionalText(title));
  expect(traditionalText(title), "the seed title has characters that differ").not.toBe(title);
  await expect(page.locator(".article__body p").first()).toHaveText(traditionalText(await simplifiedFirstParagraph(page)));
  // The panel names the other language in that language.
  await expect(page.locator(".nav__panel .nav__language")).toHaveText("简体中文");

  const head = page.locator("head");
  await expect(head.locator('link[rel="canonical"]')).toHaveAttribute("href", E2E_ORIGIN + hant(ARTICLE));
  await expect(head.locator('link[rel="alternate"][hreflang="zh-Hant"]')).toHaveAttribute("href", E2E_ORIGIN + hant(ARTICLE));
  await expect(head.locator('link[rel="alternate"][hreflang="zh-Hans"]')).toHaveAttribute("href", E2E_ORIGIN + ARTICLE);
  await expect(head.locator('link[rel="alternate"][hreflang="x-default"]')).toHaveAttribute("href", E2E_ORIGIN + ARTICLE);
  const jsonLd = JSON.parse((await head.locator('script[type="application/ld+json"]').textContent()) ?? "{}");
  expect([jsonLd.inLanguage, jsonLd.headline]).toEqual(["zh-Hant", traditionalText(title)]);
  await expect(head.locator('meta[property="og:title"]')).toHaveAttribute("content", traditionalText(title));

  if (phone.js) {
    await waitForHydration(page, ".card-list");
    await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));
  }
  const card = page.locator('a.card__link[href*="/doc/"]').first();
  const href = (await card.getAttribute("href"))!;
  expect(href.startsWith(`${HOME}zh-Hant/`), href).toBe(true);
  const cardTitle = (await card.locator(".card__title").textContent())!;
  await card.click();
  await expect(page).toHaveURL((url) => url.pathname === href);
  await expect(page.locator("h1")).toHaveText(cardTitle);
  // With JavaScript the router went there (its basename is the zh-Hant one), without it the browser did.
  if (phone.js) expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
});

/** A UI text as zh-Hant pages show it: its catalogue entry, which must differ from the Simplified text. */
function inZhHant(simplified: string): string {
  const traditional = (ZH_HANT as Record<string, string>)[simplified];
  expect(traditional, `the catalogue's entry for ${simplified}`).toBeTruthy();
  expect(traditional, `${simplified} differs in zh-Hant`).not.toBe(simplified);
  return traditional;
}

test("a zh-Hant article's own texts are in zh-Hant, and the page hydrates without a mismatch", async ({ page, phone }) => {
  const errors = hydrationErrors(page);
  await page.goto(hant(ARTICLE));
  await expect(page.locator(".banner__open").first()).toHaveText(inZhHant("打开APP"));
  await expect(page.locator("details.nav summary")).toHaveAttribute("aria-label", inZhHant("导航菜单"));
  await expect(page.locator(".nav__panel .nav__home")).toHaveText(inZhHant("首页"));
  await expect(page.locator("#comment-input")).toHaveAttribute("placeholder", inZhHant(COMMENT_TEXTS.placeholder));
  await expect(page.locator(".footer-bar__form button[type=submit]")).toHaveText(inZhHant("发送"));
  if (phone.js) {
    await waitForHydrationCommitted(page);
    // Hydrated, the page says the same: the zh-Hant client files render what the server did.
    await expect(page.locator(".banner__open").first()).toHaveText(inZhHant("打开APP"));
    expect(errors).toEqual([]);
  }
});

test("a missing story under zh-Hant is a 404 in zh-Hant", async ({ tab: page }) => {
  const response = await page.goto(hant(`${HOME}news/doc/2026/11/zzzzzzzz/index.html`));
  expect(response?.status()).toBe(404);
  await expect(page.locator("html")).toHaveAttribute("lang", "zh-Hant");
  await expect(page.getByRole("heading", { name: inZhHant("内容不存在或已下线") })).toBeVisible();
  await expect(page).toHaveTitle(`${inZhHant("内容不存在")} - ${traditionalText("大目新闻")}`);
  await expect(page.getByRole("link", { name: inZhHant("返回首页") })).toHaveAttribute("href", `${HOME}zh-Hant/`);
});

test("a keyword typed in Traditional characters finds what the Simplified one does, and is shown as typed", async ({ tab: page }) => {
  const cards = async (url: string) => {
    await page.goto(url);
    return page.locator(".card__title").allTextContents();
  };
  const search = (keyword: string) => `search/index?keyword=${encodeURIComponent(keyword)}`;
  const simplified = await cards(HOME + search("临江"));
  expect(simplified.length, "the seed has stories about 临江").toBeGreaterThan(0);
  expect(await cards(`${HOME}zh-Hant/${search("臨江")}`)).toEqual(simplified.map(traditionalText));
  await expect(page.locator('input[name="keyword"]')).toHaveValue("臨江");
});

/** The article's first paragraph as the zh-Hans page shows it. */
async function simplifiedFirstParagraph(page: Page): Promise<string> {
  const response = await page.request.get(ARTICLE);
  const match = /<div class="article__body[^"]*"><p>([^<]*)<\/p>/.exec(await response.text());
  expect(match, "the zh-Hans article's first paragraph").not.toBeNull();
  return match![1];
}

test("choosing zh-Hant in the panel, and coming back to it by the cookie", async ({ page, phone }) => {
  await page.goto(`${ARTICLE}?from=singlemessage`);
  await chooseInPanel(page, phone.js, "繁體中文");
  await expect(page).toHaveURL((url) => url.pathname === hant(ARTICLE));
  await expect(page.locator("html")).toHaveAttribute("lang", "zh-Hant");
  const cookie = (await page.context().cookies()).find((candidate) => candidate.name === "i18n_redirected");
  expect(cookie?.value).toBe("zh-Hant");
  // 365 days, give or take the test's own minutes.
  expect(Math.round((cookie!.expires - Date.now() / 1000) / 86400)).toBe(365);
  expect(
    (await page.context().cookies()).map((candidate) => candidate.name),
    "a reader gets no session",
  ).not.toContain("__share");

  // An unprefixed address: the cookie sends the visitor to the zh-Hant page.
  await page.goto(HOME);
  await expect(page).toHaveURL((url) => url.pathname === `${HOME}zh-Hant/`);
  await expect(page.locator("html")).toHaveAttribute("lang", "zh-Hant");

  await chooseInPanel(page, phone.js, "简体中文");
  await expect(page).toHaveURL((url) => url.pathname === HOME);
  await page.goto(ARTICLE);
  await expect(page).toHaveURL((url) => url.pathname === ARTICLE);
  await expect(page.locator("html")).toHaveAttribute("lang", "zh-CN");
});

/**
 * Reads the pages reachable from `starts`, at most `perKind` of each kind (a route of the route table, or an
 * address's first segment, per language), and asks for every same-site link they hold: the links answering 4xx or
 * 5xx, each with the page that holds it.
 */
async function brokenLinks(request: APIRequestContext, starts: string[], perKind: number): Promise<string[]> {
  const kindOf = (path: string) => {
    const pathname = new URL(path, E2E_ORIGIN).pathname;
    const relative = decodeURIComponent(relativeSitePath(pathname));
    const route = SPEC_ROUTES.find((candidate) => candidate.pattern.test(relative))?.route ?? relative.split("/")[0];
    return `${pathname.startsWith(`${HOME}zh-Hant`) ? "zh-Hant" : "zh-Hans"} ${route}`;
  };
  const read = new Map<string, number>();
  const status = new Map<string, number>();
  const broken: string[] = [];
  let frontier = starts.map((path) => ({ path, from: "start" }));
  while (frontier.length > 0) {
    const next: typeof frontier = [];
    for (const { path, from } of frontier) {
      if (status.has(path)) continue;
      const response = await request.get(path);
      status.set(path, response.status());
      if (response.status() >= 400 && from !== "start") broken.push(`${response.status()} ${path} (on ${from})`);
      const kind = kindOf(path);
      if (!response.ok() || !response.headers()["content-type"]?.includes("text/html") || (read.get(kind) ?? 0) >= perKind) continue;
      read.set(kind, (read.get(kind) ?? 0) + 1);
      for (const link of pageLinks(await response.text(), response.url())) next.push({ path: link, from: path });
    }
    frontier = next;
  }
  return broken;
}

test("no same-site link of a zh-Hant or zh-Hans page answers 4xx or 5xx @once", async ({ request }) => {
  test.setTimeout(240_000);
  const routes = SPEC_ROUTES.filter((route) => !route.status || route.status < 400).map((route) => route.url.replace(E2E_ORIGIN, ""));
  const starts = [hant(HOME), ...routes.map(hant), ...routes];
  expect(await brokenLinks(request, starts, 3)).toEqual([]);
});

test("a stored page is never served for the other language @once", async ({ request }) => {
  const path = articleUrl(SEED_FIXTURES.article);
  const { title } = seedArticle(SEED_FIXTURES.article);
  const titleIn = async (url: string, headers: Record<string, string> = {}) => {
    const response = await request.get(url, { headers, maxRedirects: 0 });
    return { cache: response.headers()["x-cache"], title: /<h1[^>]*>([^<]*)<\/h1>/.exec(await response.text())?.[1], status: response.status() };
  };
  // Each language stored (asked until the store answers), then each asked again: its own bytes.
  await expect.poll(async () => (await titleIn(path)).cache).toBe("HIT");
  await expect.poll(async () => (await titleIn(hant(path))).cache).toBe("HIT");
  expect(await titleIn(path)).toEqual({ cache: "HIT", title, status: 200 });
  expect(await titleIn(hant(path))).toEqual({ cache: "HIT", title: traditionalText(title), status: 200 });
  // A zh-Hant cookie at the stored zh-Hans address is the redirect, not the stored page.
  const redirected = await request.get(path, { headers: { cookie: "i18n_redirected=zh-Hant" }, maxRedirects: 0 });
  expect([redirected.status(), redirected.headers().location]).toEqual([302, hant(path)]);
});

test.describe("logged in", () => {
  test.use({ storageState: ({ fileUser }, use) => use(fileUser.storageState) });

  test("a comment posted on a zh-Hant page lands back on the zh-Hant page", async ({ page, phone, scratchArticle }) => {
    const url = hant(scratchArticle().url);
    await page.goto(url);
    await expect(page.locator(".banner__login .avatar")).toBeVisible();
    if (phone.js) await waitForHydration(page, "#comment-input");
    const text = `繁體頁的評論 ${Date.now().toString(36)}`;
    await page.locator("#comment-input").click();
    await page.locator("#comment-input").fill(text);
    await page
      .locator(".footer-bar__form")
      .getByRole("button", { name: inZhHant("发送") })
      .click();
    await expect(page.locator("#comments .comment__content", { hasText: traditionalText(text) })).toBeVisible();
    // The toast is the visitor's own part of the page (without JavaScript, of the stored page made theirs).
    await expect(page.locator(".toast")).toHaveText(inZhHant(COMMENT_TEXTS.sent));
    await expect(page).toHaveURL((current) => current.pathname === url);
    await expect(page.locator("html")).toHaveAttribute("lang", "zh-Hant");
  });
});
