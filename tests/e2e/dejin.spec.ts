import { type Page } from "@playwright/test";
import { isAndroidBrowser } from "./support/phones";
import { expect, test } from "./support/test";
import { DEJIN_FIXTURES } from "../../platform/seed-dejin";
import { SEED_FIXTURES } from "../../platform/seed";
import { BASE_PATH } from "../../app/lib/base-path";
import { loginAsDemo, TEXTS } from "./support/login";
import { urlId } from "./support/urls";

/** The tip-off area: every dejin route with JavaScript on and off (android and no-js projects). */

const dejin = (path: string) => `${BASE_PATH}dejin/${path}`;
const detailUrl = (dbId: number) => dejin(`detail/${urlId(dbId)}/index`);
const personalUrl = (dbId: number) => dejin(`personal/${urlId(dbId)}/index`);
const topicUrl = (name: string) => dejin(`topic/${encodeURIComponent(name)}/index`);

const clues = (page: Page) => page.locator("main .clue-list > li.clue");

test.skip(({ phone }) => !isAndroidBrowser(phone), "dejin pages behave alike on every phone: android and no-js cover them");

test("the catalog lists the three recommended topics, each leading to its topic page", async ({ tab: page }) => {
  const response = await page.goto(dejin("catalog/index"));
  expect(response?.status()).toBe(200);
  await expect(page).toHaveTitle(/爆料话题/);
  await expect(page.locator('meta[property="og:title"]')).toHaveAttribute("content", "爆料话题");
  const topics = page.locator(".topic-card");
  await expect(topics).toHaveCount(DEJIN_FIXTURES.topicCount);
  await expect(topics.first()).toContainText("#城市随手拍");
  await expect(topics.first()).toContainText("11条爆料");
  await topics.first().getByRole("link").click();
  await expect(page).toHaveURL((url) => url.pathname === topicUrl("城市随手拍"));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("#城市随手拍");
});

test("the clue stream shows ten clues, then ten more, then says there are no more", async ({ tab: page, loadMore, expectSameDocument }) => {
  await page.goto(dejin("content/index"));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("最新爆料");
  await expect(clues(page)).toHaveCount(10);
  // The newest clue first, with its reporter, pictures and topic.
  const first = clues(page).first();
  await expect(first.locator(".clue__title")).toHaveText("江滨路公交站台被共享单车堵住了");
  await expect(first.locator(".clue__alias")).toHaveText("热心市民老周");
  await expect(first.locator(".reader-thumbs img")).toHaveCount(2);
  await expect(first.locator(".clue__topic")).toHaveText("#城市随手拍");

  await loadMore();
  await expect(clues(page)).toHaveCount(DEJIN_FIXTURES.totalClues);
  await expect(page.locator("a.load-more")).toHaveCount(0);
  await expect(page.locator(".clue-list__end")).toHaveText("没有更多了");
  await expectSameDocument();
});

test("a topic pages its clues ten at a time, most read first", async ({ tab: page, loadMore }) => {
  await page.goto(topicUrl(DEJIN_FIXTURES.bigTopic));
  await expect(page.locator("main nav.tabs .tabs__item--active")).toHaveText("全部");
  await expect(clues(page)).toHaveCount(10);
  const views = async () =>
    (await clues(page).locator(".clue__meta").allTextContents()).map((meta) => {
      const [, n, unit] = /([\d.]+)(万|亿)?阅读/.exec(meta) ?? [];
      return Number(n) * (unit === "亿" ? 1e8 : unit === "万" ? 1e4 : 1);
    });
  const firstPage = await views();
  expect([...firstPage].sort((a, b) => b - a)).toEqual(firstPage);
  await loadMore();
  await expect(clues(page)).toHaveCount(11);
  await expect(page.locator("a.load-more")).toHaveCount(0);
});

test("a topic's channels are tabs that are links, and an empty channel says so", async ({ tab: page }) => {
  await page.goto(topicUrl(DEJIN_FIXTURES.topicWithEmptyChannel));
  const tabs = page.locator("main nav.tabs a");
  await expect(tabs).toHaveText(["全部", "暴雨积水", "晴好风光", "冰雪寒潮"]);
  await expect(clues(page)).toHaveCount(4);

  await tabs.filter({ hasText: "暴雨积水" }).click();
  await expect(page).toHaveURL(/[?&]channel=/);
  await expect(page.locator("main nav.tabs .tabs__item--active")).toHaveText("暴雨积水");
  await expect(page.locator("main nav.tabs [aria-current=page]")).toHaveText("暴雨积水");
  await expect(clues(page)).toHaveCount(2);
  await expect(clues(page).first().locator(".clue__title")).toHaveText("暴雨后解放路地下通道积水过膝");

  await tabs.filter({ hasText: "冰雪寒潮" }).click();
  await expect(page.locator("main nav.tabs .tabs__item--active")).toHaveText("冰雪寒潮");
  await expect(clues(page)).toHaveCount(0);
  await expect(page.locator("main .empty")).toHaveText("这个频道还没有爆料，打开APP第一个爆料吧");
});

test("a reporter's page shows them, their clues and the clues that mention them", async ({ tab: page }) => {
  await page.goto(personalUrl(DEJIN_FIXTURES.reporter));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("热心市民老周");
  await expect(page).toHaveTitle(/热心市民老周的爆料/);
  await expect(clues(page)).toHaveCount(4);
  await expect(clues(page).locator(".clue__alias")).toHaveText(Array(4).fill("热心市民老周"));

  await page.getByRole("link", { name: "@TA的" }).click();
  await expect(page).toHaveURL(/[?&]tab=at/);
  await expect(clues(page)).toHaveCount(3);
  for (const clue of await clues(page).all()) await expect(clue.locator(".clue__alias")).not.toHaveText("热心市民老周");

  await page.goto(`${personalUrl(DEJIN_FIXTURES.unmentionedReporter)}?tab=at`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("摄影爱好者林工");
  await expect(page.locator("main .empty")).toHaveText("还没有爆料@TA");
});

test("the open-app links carry the dejin kinds and their keys @once", async ({ tab: page }) => {
  const openApp = page.locator("a.banner__open");
  const params = async () => new URL((await openApp.getAttribute("href")) ?? "").searchParams;

  await page.goto(detailUrl(DEJIN_FIXTURES.clue));
  expect(Object.fromEntries(await params())).toMatchObject({ stype: "dejinDetail", post_id: urlId(DEJIN_FIXTURES.clue) });
  await page.goto(personalUrl(DEJIN_FIXTURES.reporter));
  expect(Object.fromEntries(await params())).toMatchObject({ stype: "dejinPersonal", user_id: urlId(DEJIN_FIXTURES.reporter) });
  await page.goto(topicUrl(DEJIN_FIXTURES.bigTopic));
  expect(Object.fromEntries(await params())).toMatchObject({ stype: "dejinTopic", topic_name: DEJIN_FIXTURES.bigTopic });
});

test("a clue's page: text, pictures, where and when, mentions, related clues and comments, with share metadata", async ({ tab: page }) => {
  const response = await page.goto(detailUrl(DEJIN_FIXTURES.clue));
  expect(response?.status()).toBe(200);
  const body = page.locator(".clue-detail");
  await expect(body.getByRole("heading", { level: 1 })).toHaveText("江滨路公交站台被共享单车堵住了");
  await expect(body.locator(".reader-media__pictures img")).toHaveCount(2);
  // Both pictures are in a phone's first screen: fetched at once, the first, the page's hero, first of all.
  await expect(body.locator(".reader-media__pictures img").first()).toHaveAttribute("fetchpriority", "high");
  await expect(body.locator(".reader-media__pictures img[fetchpriority]")).toHaveCount(1);
  await expect(body.locator(".reader-media__pictures img[loading]")).toHaveCount(0);
  await expect(body.locator(".clue-detail__facts")).toContainText("江北区 江滨路与文化路交叉口");
  await expect(body.locator(".clue-detail__at")).toHaveText(["@骑行的阿芳"]);
  await expect(page.locator("#related-title")).toHaveText("相关爆料");
  await expect(page.locator(".section .clue-list > li.clue")).toHaveCount(5);
  await expect(page.locator("#comments .comment-list > li.comment")).toHaveCount(2);
  await expect(page.locator('meta[property="og:title"]')).toHaveAttribute("content", "江滨路公交站台被共享单车堵住了");
  await expect(page.locator('meta[property="og:image"]')).toHaveAttribute("content", /cover-10\.jpg$/);
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", new RegExp(`${detailUrl(DEJIN_FIXTURES.clue)}$`));
  await expect(page.locator("#comment-input")).toBeEnabled();

  // The reporter's name leads to their page.
  await body.locator(".clue__reporter").click();
  await expect(page).toHaveURL((url) => url.pathname === personalUrl(DEJIN_FIXTURES.reporter));
});

test("a video clue carries its video source and poster in the HTML @once", async ({ request }) => {
  const html = await (await request.get(detailUrl(DEJIN_FIXTURES.videoClue))).text();
  expect(html).toMatch(/<video[^>]+src="[^"]*clip-portrait\.mp4"/);
  expect(html).toMatch(/<video[^>]+poster="[^"]*cover-portrait\.jpg"/);
});

test("ids that do not decode, unknown topics and people who are not reporters are real 404s @once", async ({ tab: page, request }) => {
  for (const url of [
    dejin("detail/not-an-id/index"),
    detailUrl(SEED_FIXTURES.article),
    dejin("personal/not-an-id/index"),
    personalUrl(DEJIN_FIXTURES.notReporter),
    topicUrl("没有这个话题"),
    `${topicUrl(DEJIN_FIXTURES.bigTopic)}?channel=${urlId(DEJIN_FIXTURES.emptyChannel)}`,
  ]) {
    const response = await page.goto(url);
    expect(response?.status(), url).toBe(404);
    await expect(page.locator(".error-page__title")).toHaveText("内容不存在或已下线");
  }
  expect((await request.get(`${BASE_PATH}api/dejin/clues?list=reporter&user=not-an-id`)).status()).toBe(404);
  expect((await request.get(`${BASE_PATH}api/dejin/clues?list=nothing`)).status()).toBe(404);
});

test("comment on a clue through the shared comment footer, logged in as the demo account", async ({ page, phone }) => {
  const url = detailUrl(DEJIN_FIXTURES.uncommentedClue);
  await loginAsDemo(page, url);
  const text = `楼长辛苦了 ${phone.profile} ${Date.now().toString(36)}`;
  const input = page.locator("#comment-input");
  await input.click();
  await input.fill(text);
  await page.locator(".footer-bar__form").getByRole("button", { name: "发送" }).click();
  await expect(page.locator(".toast")).toHaveText(TEXTS.commentSent);
  const posted = page.locator("#comments .comment__content").filter({ hasText: text });
  await expect(posted).toHaveCount(1);
  await expect(page).toHaveURL((current) => current.pathname === url);

  // Still there after a reload, under the demo account's name.
  await page.goto(url);
  await expect(page.locator("#comments li.comment").filter({ hasText: text }).locator(".comment__alias")).toHaveText("演示用户");
});

test("an empty comment on a clue is refused next to the field", async ({ page }) => {
  const url = detailUrl(DEJIN_FIXTURES.uncommentedClue);
  await loginAsDemo(page, url);
  await page.locator("#comment-input").click();
  await page.locator(".footer-bar__form").getByRole("button", { name: "发送" }).click();
  await expect(page.locator("#comment-error")).toHaveText(TEXTS.commentEmpty);
});
