import { expect, test } from "./support/test";
import { SEED_FIXTURES } from "../../platform/seed";
import { recordDocumentRequests } from "./support/document-requests";
import { topLevelComments } from "./support/comment-list";
import { waitForHydration } from "./support/hydration";
import { seedArticle } from "./support/seed-content";
import { articleUrl, urlId } from "./support/urls";

/** The article page's comment list and its feeds: paging, replies, the empty state and the 72-hour hot list. */

const METRO = articleUrl(SEED_FIXTURES.manyComments);
const ELEVATORS = articleUrl(SEED_FIXTURES.withReplies);
const QUIET = articleUrl(SEED_FIXTURES.olderThan72h); // no comments in the seed
const REPLIED = `#c-${urlId(SEED_FIXTURES.repliedComment)}`;

test.describe("article page: comments", () => {
  test("shows ten comments per page with alias, text and time, and the total", async ({ tab: page }) => {
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

  test("load more comments pages through every comment", async ({ tab: page, phone }) => {
    const documents = recordDocumentRequests(page);
    await page.goto(METRO);
    const total = Number(await page.locator("#comments h2 .section__count").textContent());
    const more = page.locator("#comments a.load-more");
    await expect(more).toHaveAttribute("href", /[?&]cpage=2#comments$/);

    let shown = 10;
    while (shown < total) {
      if (phone.js) await waitForHydration(page, "#comments a.load-more");
      await more.click();
      shown = Math.min(total, shown + 10);
      await expect(topLevelComments(page)).toHaveCount(shown);
      if (!phone.js) await expect(page).toHaveURL(new RegExp(`[?&]cpage=${Math.ceil(shown / 10)}#comments$`));
    }
    await expect(more).toHaveCount(0);
    const ids = await topLevelComments(page).evaluateAll((items) => items.map((item) => item.id));
    expect(new Set(ids).size, "no comment appears twice").toBe(total);
    if (phone.js) expect(documents, "JavaScript appends without reloading").toHaveLength(1);
  });

  test("'expand N replies' shows every reply of a comment", async ({ tab: page, phone }) => {
    const documents = recordDocumentRequests(page);
    await page.goto(ELEVATORS);
    const comment = page.locator(REPLIED);
    const replies = comment.locator("ul.replies > li.comment");
    await expect(replies).toHaveCount(2);
    const expand = comment.locator("a.replies__expand");
    await expect(expand).toHaveText(`展开${SEED_FIXTURES.repliedCommentReplies - 2}条回复`);

    if (phone.js) await waitForHydration(page, `${REPLIED} a.replies__expand`);
    await expand.click();
    await expect(replies).toHaveCount(SEED_FIXTURES.repliedCommentReplies);
    await expect(comment.locator("a.replies__expand")).toHaveCount(0);
    for (const reply of await replies.all()) await expect(reply.locator(".comment__content")).not.toBeEmpty();
    if (!phone.js) await expect(page).toHaveURL(new RegExp(`[?&]expand=${urlId(SEED_FIXTURES.repliedComment)}#c-`));
    else expect(documents).toHaveLength(1);
  });

  test("an article without comments shows the empty state", async ({ tab: page }) => {
    await page.goto(QUIET);
    const section = page.locator("#comments");
    await expect(section).toContainText("暂无评论，快来抢沙发吧");
    await expect(section.locator("li.comment")).toHaveCount(0);
    await expect(section.locator("a.load-more")).toHaveCount(0);
  });
});

test.describe("article page: feeds", () => {
  test("the hot list loads more and only holds the last 72 hours", async ({ tab: page, phone }) => {
    const documents = recordDocumentRequests(page);
    await page.goto(METRO);
    const hot = page.locator("#feed-hot72");
    const cards = hot.locator("li.card");
    await expect(cards).toHaveCount(10);
    const more = hot.locator("a.load-more");
    await expect(more).toHaveAttribute("href", /[?&]hpage=2(#feed-hot72)?$/);
    if (phone.js) await waitForHydration(page, "#feed-hot72 a.load-more");
    await more.click();
    await expect.poll(() => cards.count()).toBeGreaterThan(10);
    if (!phone.js) await expect(page).toHaveURL(/[?&]hpage=2/);
    else expect(documents).toHaveLength(1);

    const titles = await hot.locator("h3.card__title").allTextContents();
    expect(new Set(titles).size, "no duplicates after loading more").toBe(titles.length);
    const older = seedArticle(SEED_FIXTURES.olderThan72h).title;
    expect(
      titles.some((title) => title.includes(older)),
      `${older} is 80 hours old`,
    ).toBe(false);
    // Every card is dated within the last 72 hours.
    const stamps = await hot.locator("time").evaluateAll((times) => times.map((t) => t.getAttribute("datetime") ?? ""));
    for (const stamp of stamps) expect(Date.now() - Date.parse(stamp)).toBeLessThanOrEqual(72 * 3600_000);
  });
});
