import { type Page } from "@playwright/test";
import { isAndroidBrowser } from "./support/phones";
import { expect, test } from "./support/test";
import { BASE_PATH } from "../../app/lib/base-path";
import { COMMUNITY_FIXTURES } from "../../platform/seed-community";
import { expectInertMarkup, recordDialogs } from "./support/inert-markup";
import { startSite } from "./support/platform-outage";
import { urlId } from "./support/urls";

/** The community (dimim) and law (fazak) pages with JavaScript on and off (android and no-js projects). */

const circleUrl = (dbId: number) => `${BASE_PATH}dimim/circle/index?id=${urlId(dbId)}`;
const postUrl = (dbId: number) => `${BASE_PATH}dimim/content/index?id=${urlId(dbId)}`;
const topicUrl = (dbId: number) => `${BASE_PATH}dimim/topic/index?id=${urlId(dbId)}`;
const questionUrl = (dbId: number) => `${BASE_PATH}fazak/problemShare/index?id=${urlId(dbId)}`;

const posts = (page: Page) => page.locator("main .post-list > li.post");

test.skip(({ phone }) => !isAndroidBrowser(phone), "community pages behave alike on every phone: android and no-js cover them");

test("a circle shows its cover, counts and ten posts, then the rest, then says there are no more", async ({
  tab: page,
  loadMore,
  expectSameDocument,
}) => {
  const response = await page.goto(circleUrl(COMMUNITY_FIXTURES.circle));
  expect(response?.status()).toBe(200);
  await expect(page).toHaveTitle(/^临江跑团 - /);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("临江跑团");
  await expect(page.locator(".circle__stats")).toHaveText(`1.2万成员${COMMUNITY_FIXTURES.circlePosts}帖子`);
  await expect(page.locator(".circle__cover")).toHaveAttribute("src", /cover-04\.jpg$/);
  await expect(page.locator('meta[property="og:title"]')).toHaveAttribute("content", "临江跑团");
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute(
    "href",
    new RegExp(`${circleUrl(COMMUNITY_FIXTURES.circle).replace(/[?]/g, "\\?")}$`),
  );
  await expect(posts(page)).toHaveCount(10);
  const first = posts(page).first();
  await expect(first.locator(".person__alias")).toHaveText("跑者阿明");
  await expect(first.locator(".reader-thumbs img")).toHaveCount(3);
  await expect(first.locator(".post__topic")).toHaveText("#备战临江马拉松");
  await expect(first.locator(".post__meta")).toContainText(`${COMMUNITY_FIXTURES.postReplies}回复`);

  await loadMore();
  await expect(posts(page)).toHaveCount(COMMUNITY_FIXTURES.circlePosts);
  await expect(page.locator("a.load-more")).toHaveCount(0);
  await expect(page.locator(".community-end")).toHaveText("没有更多了");
  await expectSameDocument();

  // A post leads to its own page.
  await posts(page).first().locator(".post__link").click();
  await expect(page).toHaveURL((url) => url.pathname + url.search === postUrl(COMMUNITY_FIXTURES.post));
});

test("a post shows its circle, author, text and pictures, and pages its replies", async ({ tab: page, loadMore, expectSameDocument }) => {
  const response = await page.goto(postUrl(COMMUNITY_FIXTURES.post));
  expect(response?.status()).toBe(200);
  const body = page.locator(".post-detail");
  await expect(body.locator(".post-detail__circle")).toHaveText("临江跑团");
  await expect(body.locator(".person__alias")).toHaveText("跑者阿明");
  await expect(body.locator(".post-detail__text")).toContainText("江滨公园到江心洲大桥来回 21 公里");
  await expect(body.locator(".reader-media__pictures img")).toHaveCount(3);
  // The two pictures of a phone's first screen load at once, the first first; the third waits until scrolled near.
  const loading = await body
    .locator(".reader-media__pictures img")
    .evaluateAll((pictures) => pictures.map((picture) => picture.getAttribute("loading")));
  expect(loading).toEqual([null, null, "lazy"]);
  await expect(body.locator(".reader-media__pictures img").first()).toHaveAttribute("fetchpriority", "high");
  await expect(body.locator(".post-detail__like")).toHaveText("321 赞");
  await expect(page.locator('meta[property="og:title"]')).toHaveAttribute("content", /^跑者阿明：周六晨跑打卡/);
  await expect(page.locator('meta[property="og:image"]')).toHaveAttribute("content", /cover-04\.jpg$/);

  const replies = page.locator(".reply-list > li.reply");
  await expect(page.locator("#replies-title")).toHaveText(`回复 ${COMMUNITY_FIXTURES.postReplies}`);
  await expect(replies).toHaveCount(10);
  await expect(replies.nth(1).locator(".reply__content")).toHaveText("回复 晴天：每周两次间歇跑，一次长距离，坚持三个月就有感觉了。");
  await loadMore();
  await expect(replies).toHaveCount(COMMUNITY_FIXTURES.postReplies);
  await expect(page.locator("a.load-more")).toHaveCount(0);
  await expectSameDocument();
});

test("a video post carries its video in the HTML, and no replies shows the empty state", async ({ tab: page, request }) => {
  const html = await (await request.get(postUrl(COMMUNITY_FIXTURES.videoPost))).text();
  expect(html).toMatch(/<video[^>]+src="[^"]*clip-portrait\.mp4"/);
  expect(html).toMatch(/<video[^>]+poster="[^"]*cover-portrait\.jpg"/);
  await page.goto(postUrl(COMMUNITY_FIXTURES.videoPost));
  await expect(page.locator("main .empty")).toHaveText("还没有回复，打开APP抢个沙发吧");
});

test("a topic lists its posts from every circle, by id or by name; an empty topic says so", async ({ tab: page }) => {
  const response = await page.goto(topicUrl(COMMUNITY_FIXTURES.topic));
  expect(response?.status()).toBe(200);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`#${COMMUNITY_FIXTURES.topicName}`);
  await expect(posts(page)).toHaveCount(COMMUNITY_FIXTURES.topicPosts);
  await expect(posts(page).first().locator(".post__circle")).toHaveText("老街吃货团");
  await expect(page.locator(".community-end")).toHaveText("没有更多了");

  // Named instead of numbered: the same topic, with one canonical address.
  await page.goto(`${BASE_PATH}dimim/topic/index?name=${encodeURIComponent(COMMUNITY_FIXTURES.topicName)}`);
  await expect(posts(page)).toHaveCount(COMMUNITY_FIXTURES.topicPosts);
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", new RegExp(`id=${urlId(COMMUNITY_FIXTURES.topic)}$`));

  await page.goto(topicUrl(COMMUNITY_FIXTURES.emptyTopic));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("#跑步装备");
  await expect(page.locator("main .empty")).toHaveText("这个话题还没有帖子，打开APP来聊聊吧");
});

test("a law question shows its answers, lawyers' first and marked, ten at a time", async ({ tab: page, loadMore, expectSameDocument }) => {
  const response = await page.goto(questionUrl(COMMUNITY_FIXTURES.question));
  expect(response?.status()).toBe(200);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("公司拖欠两个月工资不发，我该怎么办？");
  await expect(page.locator(".question__category")).toHaveText("劳动纠纷");
  await expect(page.locator("#answers-title")).toContainText(`${COMMUNITY_FIXTURES.questionAnswers}个回答`);
  await expect(page.locator("#answers-title")).toContainText(`${COMMUNITY_FIXTURES.lawyerAnswers}位律师已解答`);
  await expect(page.locator('meta[property="og:description"]')).toHaveAttribute("content", /^何律师：/);
  const answers = page.locator(".answer-list > li.answer");
  await expect(answers).toHaveCount(10);
  await expect(page.locator(".answer--lawyer")).toHaveCount(COMMUNITY_FIXTURES.lawyerAnswers);
  await expect(answers.first().locator(".answer__badge")).toHaveText("律师");
  await expect(answers.first().locator(".answer__title")).toHaveText("执业律师 · 临江明理律师事务所");
  await loadMore();
  await expect(answers).toHaveCount(COMMUNITY_FIXTURES.questionAnswers);
  await expectSameDocument();

  await page.goto(questionUrl(COMMUNITY_FIXTURES.unansweredQuestion));
  await expect(page.locator("main .empty")).toHaveText("律师正在赶来解答的路上，打开APP关注这个问题");
});

test("the open-app links carry each page's kind and id @once", async ({ tab: page }) => {
  const params = async () => Object.fromEntries(new URL((await page.locator("a.banner__open").getAttribute("href")) ?? "").searchParams);
  for (const [url, stype, dbId] of [
    [circleUrl(COMMUNITY_FIXTURES.circle), "circleHomepage", COMMUNITY_FIXTURES.circle],
    [postUrl(COMMUNITY_FIXTURES.post), "circleDetailspage", COMMUNITY_FIXTURES.post],
    [topicUrl(COMMUNITY_FIXTURES.topic), "circleTopicpage", COMMUNITY_FIXTURES.topic],
    [questionUrl(COMMUNITY_FIXTURES.question), "lawQuestionDetailspage", COMMUNITY_FIXTURES.question],
  ] as const) {
    await page.goto(url);
    expect(await params(), url).toMatchObject({ stype, id: urlId(dbId) });
  }
});

test("a post's markup-like text is shown as text and never runs", async ({ tab: page }) => {
  const dialogs = recordDialogs(page);
  await page.goto(postUrl(COMMUNITY_FIXTURES.hostilePost));
  const text = page.locator(".post-detail__text");
  await expect(text).toContainText('<script>window.__hacked = 1</script><img src=x onerror="window.__hacked = 2">');
  await expectInertMarkup(page.locator("main"));
  expect(await page.evaluate(() => (window as unknown as { __hacked?: number }).__hacked)).toBeUndefined();
  expect(dialogs).toEqual([]);
});

test("missing ids, ids that do not decode and unknown records are real 404s @once", async ({ tab: page, request }) => {
  for (const url of [
    `${BASE_PATH}dimim/circle/index`,
    `${BASE_PATH}dimim/circle/index?id=not-an-id`,
    circleUrl(99),
    `${BASE_PATH}dimim/content/index?id=%3Cscript%3E`,
    postUrl(999),
    `${BASE_PATH}dimim/topic/index`,
    `${BASE_PATH}dimim/topic/index?name=${encodeURIComponent("没有这个话题")}`,
    `${BASE_PATH}dimim/topic/index?name=${"长".repeat(40)}`,
    `${BASE_PATH}fazak/problemShare/index?id=`,
    questionUrl(77),
  ]) {
    const response = await page.goto(url);
    expect(response?.status(), url).toBe(404);
    await expect(page.locator(".error-page__title")).toHaveText("内容不存在或已下线");
  }
  expect((await request.get(`${BASE_PATH}api/dimim/posts?page=2`)).status()).toBe(404);
  expect((await request.get(`${BASE_PATH}api/dimim/replies?id=nope`)).status()).toBe(404);
  expect((await request.get(`${BASE_PATH}api/fazak/answers?id=${urlId(77)}`)).status()).toBe(404);
});

test("a platform that cannot be reached gives every community and law page the friendly 503 @once", async ({ page }) => {
  // A site of its own whose platform address answers nothing: every call fails at once.
  const site = await startSite({ PLATFORM_API_URL: "http://127.0.0.1:9" });
  try {
    for (const url of [
      circleUrl(COMMUNITY_FIXTURES.circle),
      postUrl(COMMUNITY_FIXTURES.post),
      topicUrl(COMMUNITY_FIXTURES.topic),
      questionUrl(COMMUNITY_FIXTURES.question),
    ]) {
      const response = await page.goto(site.origin + url);
      expect(response?.status(), url).toBe(503);
      await expect(page.locator(".error-page__title")).toHaveText("服务繁忙，请稍后再试");
    }
  } finally {
    site.stop();
  }
});
