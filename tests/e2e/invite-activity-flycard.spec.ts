import { expect, test } from "./support/test";
import { PAGES_FIXTURES } from "../../platform/seed-pages";
import { expectInertMarkup, recordDialogs } from "./support/inert-markup";
import { urlId } from "./support/urls";

/** The invite, activity and fly-card pages and /bar (spec section 2), with and without JavaScript. */

const BASE = "/davmu/share/";
const invite = (code: string) => `${BASE}invite/${code}/index`;
const activity = (id: number) => `${BASE}activity/${urlId(id)}/index`;
const deck = (id: number) => `${BASE}fly_card/${urlId(id)}/index`;
const card = (id: number, n: number | string) => `${BASE}fly_card/${urlId(id)}/${n}/index`;

test.describe("invite", () => {
  test("shows who invites, what the visitor gets, who joined, and opens the app with the code", async ({ tab: page }) => {
    const response = await page.goto(invite(PAGES_FIXTURES.inviteCode));
    expect(response?.status()).toBe(200);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(`${PAGES_FIXTURES.inviteCodeInviter} 邀请你加入大目新闻`);
    await expect(page.locator(".invite__reward-title")).toHaveText("新人礼包：7天会员 + 50积分");
    await expect(page.locator(".invite__code strong")).toHaveText(PAGES_FIXTURES.inviteCode);
    await expect(page.getByRole("heading", { name: `已有 ${PAGES_FIXTURES.inviteCodeJoined} 位好友接受邀请` })).toBeVisible();
    const names = page.locator(".invite-record__name");
    await expect(names).toHaveCount(10);
    await expect(names.first()).toHaveText("大学生小林");
    const cta = page.getByRole("link", { name: "接受邀请，打开APP" });
    const href = new URL((await cta.getAttribute("href"))!);
    expect(href.searchParams.get("invite_code")).toBe(PAGES_FIXTURES.inviteCode);
    expect(href.searchParams.get("stype")).toBe("invite");
    await expect(page.locator('meta[property="og:title"]')).toHaveAttribute("content", `${PAGES_FIXTURES.inviteCodeInviter}邀请你加入大目新闻`);
  });

  test("more of who joined come with 查看更多, with or without JavaScript", async ({ tab: page }) => {
    await page.goto(invite(PAGES_FIXTURES.inviteCode));
    const names = page.locator(".invite-record__name");
    await expect(names).toHaveCount(10);
    await page.getByRole("link", { name: "查看更多" }).click();
    await expect(names).toHaveCount(PAGES_FIXTURES.inviteCodeJoined);
    await expect(page).toHaveURL(/\?page=2$/);
    await expect(names.last()).toHaveText("小鹿乱撞");
    await expect(page.getByRole("link", { name: "查看更多" })).toHaveCount(0);
  });

  test("a code typed in small letters is the same invitation @once", async ({ tab: page }) => {
    expect((await page.goto(invite(PAGES_FIXTURES.inviteCode.toLowerCase())))?.status()).toBe(200);
    await expect(page.locator(".invite__code strong")).toHaveText(PAGES_FIXTURES.inviteCode);
  });

  test("an expired code says so, with status 410, and still offers the app @once", async ({ tab: page }) => {
    const response = await page.goto(invite(PAGES_FIXTURES.expiredInviteCode));
    expect(response?.status()).toBe(410);
    await expect(page.getByText("邀请已过期")).toBeVisible();
    await expect(page.locator(".invite__code")).toHaveCount(0);
    await expect(page.getByRole("link", { name: "打开APP", exact: true }).last()).toBeVisible();
  });

  test("an unknown or malformed code is a 404 page @once", async ({ tab: page }) => {
    for (const code of ["NOPE0000", "%3Cscript%3E", "a".repeat(40)]) {
      const response = await page.goto(invite(code));
      expect(response?.status(), code).toBe(404);
    }
    await expect(page.getByRole("link", { name: "返回首页" })).toBeVisible();
  });

  test("without a code the page explains the invitation", async ({ tab: page }) => {
    expect((await page.goto(`${BASE}invite/index`))?.status()).toBe(200);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("邀请好友，一起看大目新闻");
    await expect(page.getByRole("heading", { name: "如何领取" })).toBeVisible();
  });
});

test.describe("activity", () => {
  test("a running activity counts down to its end and invites the visitor to take part", async ({ page }) => {
    expect((await page.goto(activity(PAGES_FIXTURES.runningActivity)))?.status()).toBe(200);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("2026临江马拉松“云跑”打卡");
    const status = page.locator(".activity-status");
    await expect(status.locator(".activity-badge")).toHaveText("进行中");
    await expect(status).toContainText("距结束还有");
    // The page's clock is the minute (pageNow): within the minute the seed ran, the countdown is a whole 5 days.
    await expect(status.locator("time")).toHaveText(/^(4天2[23]小时\d{2}分|5天00小时00分)$/);
    await expect(page.locator(".activity__facts")).toContainText(/活动时间\d{4}年\d+月\d+日 \d{2}:\d{2} 至 \d+月\d+日 \d{2}:\d{2}/);
    await expect(page.getByRole("link", { name: "立即参与" })).toHaveAttribute(
      "href",
      new RegExp(`stype=activityDetailspage&post_id=${urlId(PAGES_FIXTURES.runningActivity)}`),
    );
    await expect(page.getByRole("heading", { name: "活动规则" })).toBeVisible();
    await expect(page.locator('meta[property="og:image"]')).toHaveAttribute("content", /cover-\d+\.jpg$/);
  });

  test("an upcoming activity counts down to its start", async ({ tab: page }) => {
    await page.goto(activity(PAGES_FIXTURES.upcomingActivity));
    await expect(page.locator(".activity-status .activity-badge")).toHaveText("未开始");
    await expect(page.locator(".activity-status")).toContainText(/距开始还有 (2天2[23]小时\d{2}分|3天00小时00分)/);
    await expect(page.getByRole("link", { name: "打开APP，预约提醒" })).toBeVisible();
  });

  test("an ended activity says so, and its rules cannot run script", async ({ tab: page }) => {
    const dialogs = recordDialogs(page);
    await page.goto(activity(PAGES_FIXTURES.endedActivity));
    await expect(page.locator(".activity-status")).toHaveText("已结束活动已结束，感谢参与");
    await expect(page.locator(".rich-text")).toContainText("评选结果");
    await expectInertMarkup(page.locator(".rich-text"));
    expect(dialogs).toEqual([]);
  });

  test("the activity list puts open and upcoming activities first", async ({ tab: page }) => {
    await page.goto(`${BASE}activity/index`);
    await expect(page.locator(".activity-card__title")).toHaveText(["2026临江马拉松“云跑”打卡", "老街夜市美食节·集章赢好礼", "江心洲湿地摄影大赛"]);
    await expect(page.locator(".activity-card .activity-badge")).toHaveText(["进行中", "未开始", "已结束"]);
    await page.locator(".activity-card__link").nth(2).click();
    await expect(page).toHaveURL(activity(PAGES_FIXTURES.endedActivity));
  });

  test("an unknown or undecodable id is a 404 page @once", async ({ tab: page }) => {
    expect((await page.goto(activity(999)))?.status()).toBe(404);
    expect((await page.goto(`${BASE}activity/not-an-id/index`))?.status()).toBe(404);
  });
});

test.describe("fly cards", () => {
  test("a deck shows its cards side by side, each opening its content", async ({ tab: page }) => {
    expect((await page.goto(deck(PAGES_FIXTURES.deck)))?.status()).toBe(200);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("一分钟看懂临江");
    const cards = page.locator(".fly-deck__cards .fly-card");
    await expect(cards).toHaveCount(PAGES_FIXTURES.deckCards);
    await expect(cards.first().locator(".fly-card__count")).toHaveText(`1 / ${PAGES_FIXTURES.deckCards}`);
    // The first card fills the screen's width; the second peeks in from the right.
    await expect(cards.nth(0)).toBeInViewport({ ratio: 0.95 });
    await expect(cards.nth(2)).not.toBeInViewport();
    await cards.first().getByRole("link", { name: "查看详情" }).click();
    await expect(page).toHaveURL(/\/news\/doc\/\d{4}\/\d{2}\/[A-Za-z0-9]+\/index\.html/);
    await expect(page.locator("h1.article__title")).toHaveText("地铁5号线今日开通运营 江北到高新区最快40分钟");
  });

  test("the deck moves card by card: by its numbered dots, and snaps when swiped", async ({ tab: page, phone }) => {
    await page.goto(deck(PAGES_FIXTURES.deck));
    const cards = page.locator(".fly-deck__cards .fly-card");
    const dots = page.locator(".fly-deck__dot");
    await expect(dots.nth(0)).toHaveAttribute("aria-current", "true");
    await dots.nth(3).click();
    await expect(cards.nth(3)).toBeInViewport({ ratio: 0.95 });
    await expect(cards.nth(0)).not.toBeInViewport();
    // With JavaScript the dot of the card in view is marked; without, the first stays marked.
    await expect(dots.nth(phone.js ? 3 : 0)).toHaveAttribute("aria-current", "true");
    // A swipe that stops part way still lands on a whole card, centred (scroll snapping).
    const track = page.locator(".fly-deck__cards");
    await track.evaluate((element) => element.scrollTo({ left: 0, behavior: "instant" }));
    await track.evaluate((element) => element.scrollBy({ left: element.clientWidth * 0.3, behavior: "instant" }));
    await expect
      .poll(() =>
        track.evaluate((element) => {
          const box = element.getBoundingClientRect();
          const centre = box.left + box.width / 2;
          return [...element.children].findIndex((slot) => {
            const rect = slot.getBoundingClientRect();
            return Math.abs(rect.left + rect.width / 2 - centre) < 2;
          });
        }),
      )
      .toBe(1);
  });

  test("each card has a page of its own, with the cards before and after", async ({ tab: page }) => {
    expect((await page.goto(card(PAGES_FIXTURES.deck, 3)))?.status()).toBe(200);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("湿地的春天");
    await expect(page.locator(".fly-card__count")).toHaveText(`3 / ${PAGES_FIXTURES.deckCards}`);
    await page.getByRole("link", { name: "下一张" }).click();
    await expect(page).toHaveURL(card(PAGES_FIXTURES.deck, 4));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("老街夜市回来了");
    // Card 5 was on offline content: card 5 is now the one after it.
    await page.getByRole("link", { name: "下一张" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("城市更新进行时");
    await page.goto(card(PAGES_FIXTURES.deck, PAGES_FIXTURES.deckCards));
    await expect(page.getByRole("link", { name: "下一张" })).toHaveCount(0);
    await page.getByRole("link", { name: "一分钟看懂临江" }).click();
    await expect(page).toHaveURL(deck(PAGES_FIXTURES.deck));
  });

  test("the list of decks leads to each deck; an empty deck says cards are coming", async ({ tab: page }) => {
    await page.goto(`${BASE}fly_card/index`);
    await expect(page.locator(".deck-list__title")).toHaveText(["一分钟看懂临江", "周末好去处", "临江年度人物"]);
    await expect(page.locator(".deck-list__meta")).toHaveText([`${PAGES_FIXTURES.deckCards}张卡片`, "6张卡片", "即将上线"]);
    await page.locator(".deck-list__link").nth(2).click();
    await expect(page).toHaveURL(deck(PAGES_FIXTURES.emptyDeck));
    await expect(page.getByText("卡片即将上线，过段时间再来看看吧")).toBeVisible();
  });

  test("an unknown deck, a bad id and a card past the end are 404 pages @once", async ({ tab: page }) => {
    for (const url of [
      deck(999),
      `${BASE}fly_card/not-an-id/index`,
      card(PAGES_FIXTURES.deck, PAGES_FIXTURES.deckCards + 1),
      card(PAGES_FIXTURES.deck, 0),
      card(PAGES_FIXTURES.deck, "01"),
    ]) {
      expect((await page.goto(url))?.status(), url).toBe(404);
    }
  });
});

test("/bar is the app's landing: the site's name, and the ways into the app", async ({ tab: page, phone }) => {
  expect((await page.goto(`${BASE}bar`))?.status()).toBe(200);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("大目新闻");
  await expect(page.locator("main").getByRole("link", { name: "打开APP" })).toHaveAttribute("href", /^https?:\/\//);
  await expect(page.locator("main").getByRole("link", { name: "下载APP" })).toHaveAttribute("href", "https://www.example.com/davmu/download");
  // Only WeChat, which blocks app launches, gets the hint to open the page in the browser.
  const tip = page.getByText("微信里打不开？点右上角“…”，选择“在浏览器打开”。");
  await expect(tip).toHaveCount(phone.wechat ? 1 : 0);
});
