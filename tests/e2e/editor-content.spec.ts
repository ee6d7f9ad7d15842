import { readFileSync } from "node:fs";
import { type Page } from "@playwright/test";
import { expect, test } from "./support/test";
import { BASE_PATH } from "../../app/lib/base-path";
import { HOTLINK_REFUSED_FILE } from "../../platform/hotlink-pictures";
import { MEDIA_DIR } from "../../platform/media";
import { SEED_FIXTURES } from "../../platform/seed";
import { TYPE_CARD_FIXTURES } from "../../platform/seed-content-types";
import { EDITOR_FIXTURES } from "../../platform/seed-editor-articles";
import { E2E_ORIGIN } from "./support/e2e-server";
import { articleUrl, detailUrl, urlId } from "./support/urls";

/** Body pictures on the stand-in hotlink-protected host (platform/hotlink-pictures.ts). */
const HOTLINK_PICTURE = /\/_platform\/media\/mmbiz\/mmbiz_jpg\//;
const REFUSED_WIDTH = 300;

/** Every picture of the host the page requested, with the Referer it sent. */
function recordPictureRequests(page: Page): { url: string; referer: string | undefined }[] {
  const requests: { url: string; referer: string | undefined }[] = [];
  page.on("request", (request) => {
    if (HOTLINK_PICTURE.test(request.url())) requests.push({ url: request.url(), referer: request.headers().referer });
  });
  return requests;
}

test.describe("an article pasted from a template editor", () => {
  test("keeps the editor's formatting and drops the styles that could cover the page @once", async ({ tab: page }) => {
    expect((await page.goto(articleUrl(EDITOR_FIXTURES.template135)))?.status()).toBe(200);
    const body = page.locator(".article__body");
    const style = (text: string, property: string) =>
      body
        .locator("section, p, td, th", { hasText: text })
        .last()
        .evaluate((element, name) => getComputedStyle(element).getPropertyValue(name), property);

    // The 导读 box: its background and left border; the numbered headings in the theme colour; the table's cell borders.
    const lead = body.locator("section", { has: page.locator("p", { hasText: /^导读$/ }) }).last();
    await expect(lead).toHaveCSS("background-color", "rgb(254, 244, 232)");
    await expect(lead).toHaveCSS("border-left", "4px solid rgb(255, 74, 38)");
    await expect(lead).toHaveCSS("background-image", "none");
    expect(await style("摊位从“抢”到“排”", "color")).toBe("rgb(255, 74, 38)");
    await expect(body.locator("td", { hasText: "营业时间" })).toHaveCSS("border-top", "1px solid rgb(238, 204, 196)");
    await expect(body.locator("th").first()).toHaveCSS("background-color", "rgb(255, 74, 38)");
    await expect(body.locator("p", { hasText: "来源：大目新闻记者" })).toHaveCSS("text-align", "right");
    await expect(body.locator("p", { hasText: "老街夜市改造后重新开张" })).toHaveCSS("line-height", /px$/);
    await expect(body.locator("p", { hasText: "过去的老街" })).toHaveCSS("text-indent", "34px");

    // The fake "follow" bar stays in the flow, and nothing is pulled up over the page or clipped.
    const bar = body.locator("section", { hasText: "点击关注 领取夜市代金券" }).last();
    await expect(bar).toHaveCSS("position", "static");
    await expect(bar).toHaveCSS("z-index", "auto");
    const notice = body.locator("section", { hasText: "夜市每周一休市检修" }).last();
    await expect(notice).toHaveCSS("margin-top", "0px");
    await expect(notice).toHaveCSS("height", /px$/);
    expect(await notice.evaluate((element) => element.scrollHeight <= element.clientHeight)).toBe(true);
    const positioned = await body.evaluate(
      (root) => [...root.querySelectorAll("*")].filter((element) => !["static", "relative"].includes(getComputedStyle(element).position)).length,
    );
    expect(positioned).toBe(0);
  });

  test("shows every picture of the hotlink-protected host, each requested without a Referer @once", async ({ tab: page, request }) => {
    const pictureRequests = recordPictureRequests(page);
    await page.goto(articleUrl(EDITOR_FIXTURES.template135));
    const pictures = page.locator(".article__body img");
    await expect(pictures).toHaveCount(3);
    for (const picture of await pictures.all()) {
      await picture.scrollIntoViewIfNeeded();
      await expect.poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(REFUSED_WIDTH);
      await expect(picture).toHaveAttribute("referrerpolicy", "no-referrer");
    }
    expect(pictureRequests.length).toBeGreaterThanOrEqual(3);
    expect(pictureRequests.filter((r) => r.referer)).toEqual([]);

    // The host does refuse this site: asked with our page as Referer, it answers its placeholder picture.
    const src = (await pictures.first().getAttribute("src")) ?? "";
    const refused = await request.get(src, { headers: { referer: `${E2E_ORIGIN}${articleUrl(EDITOR_FIXTURES.template135)}` } });
    expect(Buffer.compare(await refused.body(), readFileSync(`${MEDIA_DIR}/${HOTLINK_REFUSED_FILE}`))).toBe(0);
    const served = await request.get(src);
    expect(served.headers()["content-type"]).toBe("image/jpeg");
  });

  test("a body of 120 pictures reserves each one's box, fetches only the first at once, and nothing shifts", async ({ page }) => {
    await page.addInitScript(() => {
      const w = window as unknown as { __shift: number };
      w.__shift = 0;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as unknown as { value: number; hadRecentInput: boolean }[]) {
          if (!entry.hadRecentInput) w.__shift += entry.value;
        }
      }).observe({ type: "layout-shift", buffered: true });
    });
    await page.goto(articleUrl(EDITOR_FIXTURES.longPhotoEssay));
    const pictures = page.locator(".article__body img");
    await expect(pictures).toHaveCount(EDITOR_FIXTURES.longPhotoEssayPictures);
    const attributes = await pictures.evaluateAll((images) =>
      images.map((img) => ({ width: img.getAttribute("width"), height: img.getAttribute("height"), loading: img.getAttribute("loading") })),
    );
    expect(attributes.every((a) => Number(a.width) > 0 && Number(a.height) > 0)).toBe(true);
    expect(attributes.map((a) => a.loading)).toEqual([null, ...Array(EDITOR_FIXTURES.longPhotoEssayPictures - 1).fill("lazy")]);

    // Scrolled through to the end, every picture that loaded is the real one and the layout never moved.
    for (const index of [30, 60, 90, 119]) await pictures.nth(index).scrollIntoViewIfNeeded();
    const last = pictures.nth(119);
    await expect.poll(() => last.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(REFUSED_WIDTH);
    expect(await page.evaluate(() => (window as unknown as { __shift: number }).__shift)).toBe(0);
  });
});

test.describe("every content-model type leads somewhere real", () => {
  const TECH_TAB = `${BASE_PATH}?group=${urlId(SEED_FIXTURES.groups.tech)}`;

  test("the cards of types without a page lead to their targets; a refused one to the app-open dialog", async ({ tab: page }) => {
    await page.goto(TECH_TAB);
    const card = (id: number) => page.locator(`li.card-id-${urlId(id)} a.card__link`);
    await expect(card(TYPE_CARD_FIXTURES.h5)).toHaveAttribute("href", "https://www.example.com/h5/linjiang-report-2026");
    await expect(card(TYPE_CARD_FIXTURES.cloudForm)).toHaveAttribute("href", "https://forms.example.com/f/marathon-volunteers");
    await expect(card(TYPE_CARD_FIXTURES.topic)).toHaveAttribute("href", new RegExp(`^${BASE_PATH}dimim/topic/index\\?id=[A-Za-z0-9]+$`));
    await expect(card(TYPE_CARD_FIXTURES.spTopic)).toHaveAttribute("href", `${BASE_PATH}special/${urlId(SEED_FIXTURES.special)}/index`);
    await expect(card(TYPE_CARD_FIXTURES.live)).toHaveAttribute(
      "href",
      new RegExp(`/local_live/\\d{4}/\\d{2}/${urlId(SEED_FIXTURES.localLive)}/index\\.html$`),
    );
    await expect(card(TYPE_CARD_FIXTURES.unknownWithShareLink)).toHaveAttribute("href", "https://www.example.com/davmu/vote/night-market-2026");
    await expect(card(TYPE_CARD_FIXTURES.unknownWithoutShareLink)).toHaveAttribute("href", "#app-open");
    await expect(card(TYPE_CARD_FIXTURES.hostileH5)).toHaveAttribute("href", "#app-open");
    // The tag badges keep their per-type icons.
    await expect(page.locator(`li.card-id-${urlId(TYPE_CARD_FIXTURES.h5)} .tag-badge__icon--h5`)).toHaveCount(1);
    await expect(page.locator(`li.card-id-${urlId(TYPE_CARD_FIXTURES.topic)} .tag-badge__icon--topic`)).toHaveCount(1);
    await expect(page.locator(`li.card-id-${urlId(TYPE_CARD_FIXTURES.spTopic)} .tag-badge__icon--special`)).toHaveCount(1);

    // A type only the app knows asks to open the app.
    const dialog = page.locator("#app-open");
    await expect(dialog).toBeHidden();
    await card(TYPE_CARD_FIXTURES.unknownWithoutShareLink).click();
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole("heading")).toHaveText("打开APP，查看更多精彩内容");
  });

  test("a link card whose target is refused is listed, leading to the app-open dialog @once", async ({ request }) => {
    const listed: string[] = [];
    for (let page = 1; ; page++) {
      const answer = (await (await request.get(`${BASE_PATH}api/content?group=${urlId(SEED_FIXTURES.groups.news)}&page=${page}`)).json()) as {
        list: { post_id: string; href: string }[];
      };
      if (answer.list.length === 0) break;
      listed.push(...answer.list.map((card) => `${card.post_id} ${card.href}`));
    }
    expect(listed).toContain(`${urlId(SEED_FIXTURES.link)} https://www.example.org/linjiang/minsheng-2026`);
    expect(listed).toContain(`${urlId(SEED_FIXTURES.hostileLink)} #app-open`);
  });

  test("the detail address of a type without a page sends the visitor on to its target @once", async ({ request }) => {
    const h5 = await request.get(detailUrl(TYPE_CARD_FIXTURES.h5, "doc"), { maxRedirects: 0 });
    expect(h5.status()).toBe(302);
    expect(h5.headers().location).toBe("https://www.example.com/h5/linjiang-report-2026");
    const special = await request.get(detailUrl(TYPE_CARD_FIXTURES.spTopic, "doc"), { maxRedirects: 0 });
    expect(special.headers().location).toBe(`${BASE_PATH}special/${urlId(SEED_FIXTURES.special)}/index`);
    expect((await request.get(detailUrl(TYPE_CARD_FIXTURES.hostileH5, "doc"), { maxRedirects: 0 })).status()).toBe(404);
    expect((await request.get(detailUrl(TYPE_CARD_FIXTURES.unknownWithoutShareLink, "doc"), { maxRedirects: 0 })).status()).toBe(404);
  });

  test("a crawl from the home page and its tabs finds no link answering 4xx or 5xx @once", async ({ tab: page, request }) => {
    test.setTimeout(180_000);
    await page.goto(BASE_PATH);
    const tabs = await page.locator(".tabs a").evaluateAll((links) => links.map((a) => (a as HTMLAnchorElement).href));
    const pages = [`${E2E_ORIGIN}${BASE_PATH}`, ...tabs.filter((href) => href.includes("?group="))];
    const links = new Set<string>();
    for (const url of new Set(pages)) {
      await page.goto(url);
      for (const href of await page.locator("a[href]").evaluateAll((as) => as.map((a) => (a as HTMLAnchorElement).href))) {
        if (href.startsWith(`${E2E_ORIGIN}${BASE_PATH}`)) links.add(href.split("#")[0]);
      }
    }
    expect(links.size).toBeGreaterThan(20);
    const broken: string[] = [];
    for (const link of links) {
      const response = await request.get(link);
      if (response.status() >= 400) broken.push(`${response.status()} ${link}`);
    }
    expect(broken).toEqual([]);
  });
});
