import { createHash } from "node:crypto";
import { expect, test, type Page } from "@playwright/test";
import { SEED_FIXTURES } from "../../platform/seed";
import { recordDocumentRequests } from "./support/document-requests";
import { E2E_ORIGIN } from "./support/e2e-server";
import { expectCleanHtmlBytes } from "./support/html-bytes";
import { waitForHydration } from "./support/hydration";
import { pageClock } from "./support/relative-time";
import { formatRelativeDate } from "../../app/lib/relative-date";
import { seedArticle } from "./support/seed-content";
import { articleUrl, urlId } from "./support/urls";
import { readableOnWhite } from "../../app/lib/theme";

const HOME = "/davmu/share/";
const DETAIL_PATH = /^\/davmu\/share\/[\w-]+\/[a-z_]+\/\d{4}\/\d{2}\/[A-Za-z0-9]+\/index\.html$/;

const metro = seedArticle(SEED_FIXTURES.manyComments);
const METRO = articleUrl(SEED_FIXTURES.manyComments);
const ELEVATORS = articleUrl(SEED_FIXTURES.withReplies);
const QUIET = articleUrl(SEED_FIXTURES.olderThan72h); // no comments in the seed
const CLOSED = articleUrl(SEED_FIXTURES.closedComments);
const REPLIED = `#c-${urlId(SEED_FIXTURES.repliedComment)}`;

const isNoJs = (name: string) => name === "no-js";

/** The level-1 comments (replies are nested `li.comment` inside `ul.replies`). */
const topLevelComments = (page: Page) => page.locator("#comments ul.comment-list > li.comment");

function hexToRgb(hex: string): string {
  const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16));
  return `rgb(${r}, ${g}, ${b})`;
}

test.describe("article page: layout", () => {
  test("shows the open-app banner with site name, description, login, open-app and menu", async ({ page }) => {
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
  });

  test("the banner menu opens a navigation panel whose home link leads to the list", async ({ page }) => {
    await page.goto(METRO);
    if (!isNoJs(test.info().project.name)) await waitForHydration(page, "details.nav .nav__home");
    await page.locator("details.nav summary").click();
    const home = page.locator("details.nav .nav__home");
    await expect(home).toBeVisible();
    await home.click();
    await expect(page).toHaveURL(new RegExp(`${HOME.replace(/\//g, "\\/")}$`));
    await expect(page.locator("ul.card-list > li.card").first()).toBeVisible();
    await expect(page.getByText("内容不存在或已下线")).toHaveCount(0);
  });

  test("uses the theme colour from app info", async ({ page }) => {
    await page.goto(METRO);
    await expect(page.locator("html")).toHaveAttribute("style", /--theme:\s*#FF4A26/i);
    await expect(page.locator('meta[name="theme-color"][media*="light"]')).toHaveAttribute("content", /#FF4A26/i);
    // Decoration wears the brand colour itself; text-bearing buttons its shade with 4.5:1 contrast.
    const barColour = await page.locator(".section__title").first().evaluate((el) => getComputedStyle(el, "::before").backgroundColor);
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

  test("renders the rich body: headings, paragraphs, images, quotes, lists and tables", async ({ page }) => {
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

  test("lists related reading that links to other share pages", async ({ page }) => {
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

  test("shows the 72-hour hot list and the editor-recommended list", async ({ page }) => {
    await page.goto(METRO);
    const hot = page.locator("#feed-hot72");
    await expect(hot.locator("h2")).toHaveText("72小时热点");
    await expect(hot.locator("li.card")).toHaveCount(10);
    await expect(hot.locator("a.load-more")).toHaveText("加载更多");
    const recommend = page.locator("#feed-recommend");
    await expect(recommend.locator("h2")).toHaveText("编辑推荐");
    expect(await recommend.locator("li.card").count()).toBeGreaterThan(0);
    // A page never recommends itself (issue 6 item 7): the metro article is recommended, but not here.
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

  test("an app-only action opens the app dialog, which can be dismissed", async ({ page }) => {
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

  test("comments closed: the footer input is disabled and says so", async ({ page }) => {
    await page.goto(CLOSED);
    const input = page.locator("#comment-input");
    await expect(input).toBeDisabled();
    await expect(input).toHaveAttribute("placeholder", "评论已关闭");
  });
});

test.describe("article page: comments", () => {
  test("shows ten comments per page with alias, text and time, and the total", async ({ page }) => {
    await page.goto(METRO);
    const section = page.locator("#comments");
    await expect(section.locator("h2")).toContainText("评论");
    const total = Number(await section.locator("h2 .section__count").textContent());
    expect(total).toBeGreaterThanOrEqual(SEED_FIXTURES.manyCommentsTopLevel);
    await expect(topLevelComments(page)).toHaveCount(10);
    for (const comment of await topLevelComments(page).all()) {
      await expect(comment.locator(":scope > * .comment__alias").first()).not.toBeEmpty();
      await expect(comment.locator(".comment__content").first()).not.toBeEmpty();
      await expect(comment.locator(".comment__meta time").first()).toHaveText(/^(刚刚|\d+(秒|分钟|小时|天|周|个月|年)前)$/);
    }
    await expect(section.locator("a.load-more")).toHaveText("查看更多评论");
  });

  test("load more comments pages through every comment", async ({ page }) => {
    const documents = recordDocumentRequests(page);
    await page.goto(METRO);
    const total = Number(await page.locator("#comments h2 .section__count").textContent());
    const noJs = isNoJs(test.info().project.name);
    const more = page.locator("#comments a.load-more");
    await expect(more).toHaveAttribute("href", /[?&]cpage=2#comments$/);

    let shown = 10;
    while (shown < total) {
      if (!noJs) await waitForHydration(page, "#comments a.load-more");
      await more.click();
      shown = Math.min(total, shown + 10);
      await expect(topLevelComments(page)).toHaveCount(shown);
      if (noJs) await expect(page).toHaveURL(new RegExp(`[?&]cpage=${Math.ceil(shown / 10)}#comments$`));
    }
    await expect(more).toHaveCount(0);
    const ids = await topLevelComments(page).evaluateAll((items) => items.map((item) => item.id));
    expect(new Set(ids).size, "no comment appears twice").toBe(total);
    if (!noJs) expect(documents, "JavaScript appends without reloading").toHaveLength(1);
  });

  test("'expand N replies' shows every reply of a comment", async ({ page }) => {
    const documents = recordDocumentRequests(page);
    await page.goto(ELEVATORS);
    const comment = page.locator(REPLIED);
    const replies = comment.locator("ul.replies > li.comment");
    await expect(replies).toHaveCount(2);
    const expand = comment.locator("a.replies__expand");
    await expect(expand).toHaveText(`展开${SEED_FIXTURES.repliedCommentReplies - 2}条回复`);

    const noJs = isNoJs(test.info().project.name);
    if (!noJs) await waitForHydration(page, `${REPLIED} a.replies__expand`);
    await expand.click();
    await expect(replies).toHaveCount(SEED_FIXTURES.repliedCommentReplies);
    await expect(comment.locator("a.replies__expand")).toHaveCount(0);
    for (const reply of await replies.all()) await expect(reply.locator(".comment__content")).not.toBeEmpty();
    if (noJs) await expect(page).toHaveURL(new RegExp(`[?&]expand=${urlId(SEED_FIXTURES.repliedComment)}#c-`));
    else expect(documents).toHaveLength(1);
  });

  test("an article without comments shows the empty state", async ({ page }) => {
    await page.goto(QUIET);
    const section = page.locator("#comments");
    await expect(section).toContainText("暂无评论，快来抢沙发吧");
    await expect(section.locator("li.comment")).toHaveCount(0);
    await expect(section.locator("a.load-more")).toHaveCount(0);
  });
});

test.describe("article page: feeds", () => {
  test("the hot list loads more and only holds the last 72 hours", async ({ page }) => {
    const documents = recordDocumentRequests(page);
    await page.goto(METRO);
    const hot = page.locator("#feed-hot72");
    const cards = hot.locator("li.card");
    await expect(cards).toHaveCount(10);
    const more = hot.locator("a.load-more");
    await expect(more).toHaveAttribute("href", /[?&]hpage=2(#feed-hot72)?$/);
    const noJs = isNoJs(test.info().project.name);
    if (!noJs) await waitForHydration(page, "#feed-hot72 a.load-more");
    await more.click();
    await expect.poll(() => cards.count()).toBeGreaterThan(10);
    if (noJs) await expect(page).toHaveURL(/[?&]hpage=2/);
    else expect(documents).toHaveLength(1);

    const titles = await hot.locator("h3.card__title").allTextContents();
    expect(new Set(titles).size, "no duplicates after loading more").toBe(titles.length);
    const older = seedArticle(SEED_FIXTURES.olderThan72h).title;
    expect(titles.some((title) => title.includes(older)), `${older} is 80 hours old`).toBe(false);
    // Every card is dated within the last 72 hours.
    const stamps = await hot.locator("time").evaluateAll((times) => times.map((t) => t.getAttribute("datetime") ?? ""));
    for (const stamp of stamps) expect(Date.now() - Date.parse(stamp)).toBeLessThanOrEqual(72 * 3600_000);
  });
});

test.describe("article page: the _t address rule", () => {
  test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "the address is rewritten by the page script");

  test("adds _t in place: no reload, no new history entry", async ({ page }) => {
    await page.goto(HOME);
    const lengthAtHome = await page.evaluate(() => history.length);
    const documents = recordDocumentRequests(page);
    const before = Date.now();
    await page.goto(METRO);
    await expect(page).toHaveURL(/\/index\.html\?_t=\d+$/);
    const stamp = Number(new URL(page.url()).searchParams.get("_t"));
    expect(stamp).toBeGreaterThanOrEqual(before);
    expect(stamp).toBeLessThanOrEqual(Date.now());
    expect(new URL(page.url()).pathname).toBe(METRO);
    // One entry for the article: replaced in place, not pushed.
    expect(await page.evaluate(() => history.length)).toBe(lengthAtHome + 1);
    expect(documents).toEqual([`${E2E_ORIGIN}${METRO}`]);
    // The page stays the article (no error boundary, no re-render into something else).
    await expect(page.locator("h1.article__title")).toHaveText(metro.title);
    // Back goes straight to the previous page, not to the address without _t.
    await page.goBack();
    await expect(page).toHaveURL(`${E2E_ORIGIN}${HOME}`);
  });

  test("keeps an existing _t and the other query parameters", async ({ page }) => {
    const documents = recordDocumentRequests(page);
    await page.goto(`${METRO}?from=singlemessage&_t=1234567890123`);
    await waitForHydration(page, ".footer-bar");
    await expect(page.locator("h1.article__title")).toHaveText(metro.title);
    const url = new URL(page.url());
    expect(url.searchParams.get("_t")).toBe("1234567890123");
    expect(url.searchParams.get("from")).toBe("singlemessage");
    expect(documents).toHaveLength(1);
  });

  test("navigating from the home page to an article also adds _t", async ({ page }) => {
    await page.goto(HOME);
    // Card lists are kept as the server sent them while the page hydrates (components/shared-markup.tsx): their list is hydrated.
    await waitForHydration(page, "ul.card-list");
    await page.locator("li.card", { has: page.locator("h3.card__title", { hasText: metro.title }) }).locator("a.card__link").click();
    await expect(page.locator("h1.article__title")).toHaveText(metro.title);
    await expect(page).toHaveURL(/\/index\.html\?_t=\d+$/);
  });
});

test.describe("article page: share metadata rendered on the server", () => {
  test("title, description, canonical, Open Graph, Twitter card and JSON-LD @once", async ({ request }) => {
    const response = await request.get(`${METRO}?_t=1700000000000&from=singlemessage&isappinstalled=0`);
    expect(response.status()).toBe(200);
    const html = await response.text();
    const attr = (pattern: RegExp) => pattern.exec(html)?.[1];
    const canonicalUrl = `${E2E_ORIGIN}${METRO}`;

    expect(attr(/<title>([^<]*)<\/title>/)).toBe(`${metro.title} - 大目新闻`);
    expect(attr(/<meta name="description" content="([^"]*)"/)).toBe(metro.summary);
    expect(attr(/<link rel="canonical" href="([^"]*)"/)).toBe(canonicalUrl);
    expect(attr(/<meta property="og:title" content="([^"]*)"/)).toBe(metro.title);
    expect(attr(/<meta property="og:description" content="([^"]*)"/)).toBe(metro.summary);
    expect(attr(/<meta property="og:type" content="([^"]*)"/)).toBe("article");
    expect(attr(/<meta property="og:url" content="([^"]*)"/)).toBe(canonicalUrl);
    const image = attr(/<meta property="og:image" content="([^"]*)"/);
    expect(image).toMatch(/^https?:\/\/[^/]+\/.+\.(jpe?g|png|webp)$/);
    expect(attr(/<meta name="twitter:card" content="([^"]*)"/)).toBe("summary_large_image");
    expect(attr(/<meta name="twitter:image" content="([^"]*)"/)).toBe(image);

    const jsonLd = JSON.parse(attr(/<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/) ?? "null");
    expect(jsonLd).toMatchObject({
      "@context": "https://schema.org",
      "@type": "NewsArticle",
      headline: metro.title,
      mainEntityOfPage: canonicalUrl,
    });
    expect(Date.parse(jsonLd.datePublished)).not.toBeNaN();
    expect(jsonLd.image).toContain(image);

    // The cover image the cards point to is really served.
    const cover = await request.get(image!);
    expect(cover.status()).toBe(200);
    expect(cover.headers()["content-type"]).toMatch(/^image\//);
  });

  test("the document head carries the same metadata in the browser", async ({ page }) => {
    await page.goto(`${METRO}?from=timeline&isappinstalled=0`);
    await expect(page).toHaveTitle(`${metro.title} - 大目新闻`);
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", `${E2E_ORIGIN}${METRO}`);
    await expect(page.locator('meta[property="og:title"]')).toHaveAttribute("content", metro.title);
    await expect(page.locator('script[type="application/ld+json"]')).toHaveCount(1);
  });
});

test.describe("article page: delivery", () => {
  test("serves article HTML without NUL bytes or broken UTF-8 @once", async ({ request }) => {
    for (const dbId of [SEED_FIXTURES.manyComments, SEED_FIXTURES.withReplies, SEED_FIXTURES.article, SEED_FIXTURES.hostile]) {
      await expectCleanHtmlBytes(request, articleUrl(dbId));
    }
  });

  test("no attribute or text in the rendered page holds a replacement character", async ({ page }) => {
    await page.goto(ELEVATORS);
    const broken = await page.evaluate(() => {
      const found: string[] = [];
      for (const el of document.querySelectorAll("*")) {
        for (const { name, value } of el.attributes) if (/[\u0000\uFFFD]/.test(value)) found.push(`<${el.tagName} ${name}="${value}">`);
      }
      if (/[\u0000\uFFFD]/.test(document.body.innerText)) found.push("body text");
      return found;
    });
    expect(broken).toEqual([]);
  });

  test("security headers: a strict CSP that allows exactly the page's own inline scripts, compressed HTML @once", async ({ request }) => {
    const first = await request.get(METRO, { headers: { "accept-encoding": "gzip, br" } });
    const csp = first.headers()["content-security-policy"] ?? "";
    const scriptSrc = /script-src ([^;]*)/.exec(csp)?.[1] ?? "";
    expect(scriptSrc).not.toContain("'unsafe-inline'");
    expect(first.headers()["content-encoding"]).toMatch(/gzip|br/);
    expect(first.headers()["x-content-type-options"]).toBe("nosniff");

    // An anonymous page is shared by every visitor (the page cache), so its inline scripts are allowed by their
    // SHA-256 hashes rather than by a per-request nonce; a script with neither would not run.
    const html = await first.text();
    const inline = [...html.matchAll(/<script(?![^>]*type="application\/ld\+json")(?![^>]*\ssrc=)([^>]*)>([\s\S]*?)<\/script>/g)];
    expect(inline.length).toBeGreaterThan(0);
    for (const [, attributes, text] of inline) {
      const nonce = /nonce="([^"]+)"/.exec(attributes)?.[1];
      const hash = `'sha256-${createHash("sha256").update(text, "utf8").digest("base64")}'`;
      expect(nonce ? scriptSrc.includes(`'nonce-${nonce}'`) : scriptSrc.includes(hash), `inline script allowed: ${text.slice(0, 60)}`).toBe(true);
    }
  });

  test("hashed assets are cached as immutable @once", async ({ request }) => {
    const html = await (await request.get(METRO)).text();
    const asset = /\/davmu\/share\/assets\/[\w.-]+-[\w-]{6,}\.js/.exec(html)?.[0];
    expect(asset, "a hashed script in the article HTML").toBeTruthy();
    const response = await request.get(asset!);
    expect(response.status()).toBe(200);
    expect(response.headers()["cache-control"]).toMatch(/immutable/);
    expect(response.headers()["cache-control"]).toMatch(/max-age=\d{6,}/);
  });

  test("loads without console errors and registers the service worker", async ({ page }, testInfo) => {
    test.skip(isNoJs(testInfo.project.name), "needs JavaScript");
    const errors: string[] = [];
    page.on("console", (message) => {
      if (message.type() === "error") errors.push(message.text());
    });
    page.on("pageerror", (error) => errors.push(error.message));
    await page.goto(METRO);
    await waitForHydration(page, ".footer-bar");
    await expect
      .poll(() => page.evaluate(async () => (await navigator.serviceWorker?.getRegistration())?.scope ?? ""))
      .toBe(`${E2E_ORIGIN}/davmu/share/`);
    expect(errors).toEqual([]);
  });
});

test.describe("article page without JavaScript", () => {
  test.skip(({ javaScriptEnabled }) => javaScriptEnabled, "the no-JS rendering");

  test("shows the title, body, comments and hot list", async ({ page }) => {
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
