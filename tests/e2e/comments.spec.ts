import { type Page } from "@playwright/test";
import { expect, test } from "./support/test";
import { SEED_FIXTURES } from "../../platform/seed";
import { holdScripts, waitForHydration } from "./support/hydration";
import { recordDialogs } from "./support/inert-markup";
import { TEXTS, type NewUser } from "./support/login";
import { articleUrl, detailUrl } from "./support/urls";

/** Comments and replies, with JavaScript on and off (spec sections 2, 4, 5, 8). */

// The platform allows a user 5 comments a minute: the tests of this file share a new user of their own per project.
test.use({ storageState: ({ fileUser }, use) => use(fileUser.storageState) });

async function openLoggedIn(page: Page, url: string, js: boolean) {
  await page.goto(url);
  await expect(page.locator(".banner__login .avatar")).toBeVisible();
  // Before hydration the comment bar is the plain form, which posts and renders a new page: the
  // JavaScript tests are about the enhanced bar.
  if (js) await waitForHydration(page, "#comment-input");
}

function uniqueText(prefix: string): string {
  return `${prefix} ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
}

/** Top-level comments in #comments, in page order. */
const topLevel = (page: Page) => page.locator("#comments .comment-list > li.comment");

async function postComment(page: Page, text: string) {
  const input = page.locator("#comment-input");
  await input.click();
  await input.fill(text);
  await page.locator(".footer-bar__form").getByRole("button", { name: "发送" }).click();
}

test("post a comment: it shows at the top with a toast, and is still there after a reload", async ({ page, phone, scratchArticle }) => {
  const url = scratchArticle().url;
  await openLoggedIn(page, url, phone.js);
  const text = uniqueText("第一条评论");
  await expect(page.locator("#comment-input")).toHaveAttribute("placeholder", "写评论...");
  if (phone.js) await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));

  await postComment(page, text);
  await expect(page.locator(".toast")).toHaveText(TEXTS.commentSent);
  await expect(topLevel(page).first().locator(".comment__content")).toHaveText(text);
  await expect(topLevel(page).first().locator(".comment__alias")).not.toBeEmpty();
  const id = await topLevel(page).first().getAttribute("id");
  expect(id).toMatch(/^c-.+/);

  if (!phone.js) {
    // Without JavaScript: post, redirect back to the new comment.
    await expect(page).toHaveURL((current) => current.pathname === url && current.hash === `#${id}`);
  } else {
    // With JavaScript: no reload, and the input is emptied for the next comment.
    expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
    await expect(page.locator("#comment-input")).toHaveValue("");
    await expect(page).toHaveURL((current) => current.pathname === url);
  }

  await page.goto(url);
  await expect(page.locator(`#comments #${id} > .comment__main > .comment__content`)).toHaveText(text);
});

test("reply to a comment: reply mode, then the reply shows under it, also after a reload", async ({ page, phone, scratchArticle }) => {
  const url = scratchArticle(1).url;
  await openLoggedIn(page, url, phone.js);
  const parentText = uniqueText("等回复的评论");
  await postComment(page, parentText);
  await expect(page.locator(".toast")).toHaveText(TEXTS.commentSent);
  const parent = page
    .locator("#comments li.comment")
    .filter({ has: page.locator(".comment__content", { hasText: parentText }) })
    .first();
  await expect(parent).toBeVisible();
  const parentId = (await parent.getAttribute("id"))!;
  const alias = (await parent.locator("> .comment__main .comment__alias").textContent())!;

  await parent.locator("> .comment__main > .comment__meta .comment__reply").click();
  const input = page.locator("#comment-input");
  await expect(input).toHaveAttribute("placeholder", `回复 ${alias}：`);
  if (!phone.js) {
    await expect(page).toHaveURL((current) => current.searchParams.get("reply") === parentId.replace(/^c-/, "") && current.hash === "#comment-input");
  } else {
    await expect(input).toBeFocused();
  }

  const replyText = uniqueText("这是回复");
  await input.fill(replyText);
  await page.locator(".footer-bar__form").getByRole("button", { name: "发送" }).click();
  await expect(page.locator(".toast")).toHaveText(TEXTS.commentSent);
  const reply = page.locator(`#${parentId} ul.replies > li.comment--reply`).filter({ hasText: replyText });
  await expect(reply.locator(".comment__content")).toHaveText(`回复 ${alias}：${replyText}`);
  // A reply is not also a top-level comment, and reply mode has ended.
  await expect(topLevel(page).filter({ has: page.locator("> .comment__main > .comment__content", { hasText: replyText }) })).toHaveCount(0);
  await expect(input).toHaveAttribute("placeholder", "写评论...");

  await page.goto(url);
  await expect(page.locator(`#${parentId} ul.replies > li.comment--reply .comment__content`).filter({ hasText: replyText })).toHaveText(
    `回复 ${alias}：${replyText}`,
  );
});

test("reply mode ends when the comment input loses focus", async ({ page, phone }) => {
  test.skip(!phone.js, "focus handling needs JavaScript; without it reply mode is the ?reply= URL");
  const url = articleUrl(SEED_FIXTURES.manyComments);
  await openLoggedIn(page, url, phone.js);
  const first = topLevel(page).first();
  const alias = (await first.locator(".comment__alias").first().textContent())!;
  await first.locator(".comment__reply").first().click();
  const input = page.locator("#comment-input");
  await expect(input).toHaveAttribute("placeholder", `回复 ${alias}：`);
  await page.locator("h1").first().click();
  await expect(input).toHaveAttribute("placeholder", "写评论...");
});

test("what was typed before the page hydrated stays in the box when the bar renders again", async ({ page, phone }) => {
  test.skip(!phone.js, "without JavaScript the box is the plain form's, and nothing renders it again");
  const release = await holdScripts(page);
  // Not until load: the page's entry script, held, can hold its load event back.
  await page.goto(articleUrl(SEED_FIXTURES.manyComments), { waitUntil: "domcontentloaded" });
  const text = uniqueText("先打的字");
  const input = page.locator("#comment-input");
  await input.fill(text);
  release();
  await waitForHydration(page, "#comment-input");
  // Starting a reply renders the bar again, with the value React holds for the box.
  await topLevel(page).first().locator(".comment__reply").first().click();
  await expect(input).toHaveAttribute("placeholder", /^回复 /);
  await expect(input).toHaveValue(text);
});

test("an empty comment is refused with 评论内容不能为空", async ({ page, phone, scratchArticle }) => {
  const url = scratchArticle(1).url;
  await openLoggedIn(page, url, phone.js);
  const before = await topLevel(page).count();
  await postComment(page, "   ");
  if (!phone.js) {
    await expect(page.getByText(TEXTS.commentEmpty)).toBeVisible();
  } else {
    await expect(page.locator(".toast")).toHaveText(TEXTS.commentEmpty);
  }
  await page.goto(url);
  await expect(topLevel(page)).toHaveCount(before);
});

test("after an empty send, typing hides the message and the next comment still goes through and empties the box", async ({
  page,
  phone,
  scratchArticle,
}) => {
  test.skip(!phone.js, "without JavaScript each send renders a new page, which starts clean");
  const url = scratchArticle(1).url;
  await openLoggedIn(page, url, phone.js);
  const input = page.locator("#comment-input");
  const message = page.locator(".footer-bar__error");

  await postComment(page, "");
  await expect(message).toHaveText(TEXTS.commentEmpty);
  await input.pressSequentially("好");
  await expect(message).toHaveCount(0);

  await postComment(page, " ");
  await expect(message).toHaveText(TEXTS.commentEmpty);
  const text = uniqueText("空发之后的评论");
  await postComment(page, text);
  await expect(page.locator(".toast")).toHaveText(TEXTS.commentSent);
  await expect(topLevel(page).first().locator(".comment__content")).toHaveText(text);
  await expect(input).toHaveValue("");
  await expect(message).toHaveCount(0);
  await expect(input).toHaveAttribute("placeholder", "写评论...");
});

test("comments closed: the input is disabled and the server refuses a forged post", async ({ page, phone }) => {
  const url = articleUrl(SEED_FIXTURES.closedComments);
  await openLoggedIn(page, url, phone.js);
  const input = page.locator("#comment-input");
  await expect(input).toBeDisabled();
  await expect(input).toHaveAttribute("placeholder", TEXTS.commentsClosed);
  await expect(page.locator(".footer-bar__form").getByRole("button", { name: "发送" })).toBeDisabled();
  const before = await page.locator("#comments li.comment").count();

  // Forge the post the disabled form would make, with the page's own session and CSRF token.
  const form = page.locator(".footer-bar__form");
  const text = uniqueText("强行评论");
  const response = await page.request.post(url, {
    form: {
      csrf: (await form.locator("input[name=csrf]").inputValue())!,
      track_id: await form.locator("input[name=track_id]").inputValue(),
      content: text,
      intent: "comment",
    },
    maxRedirects: 0,
  });
  expect(response.status(), "a refusal or a redirect back with the refusal's toast").not.toBe(200);

  await page.goto(url);
  if (response.status() >= 300 && response.status() < 400) {
    await expect(page.locator(".toast")).toHaveText(TEXTS.commentsClosed);
  }
  await expect(page.getByText(text)).toHaveCount(0);
  await expect(page.locator("#comments li.comment")).toHaveCount(before);
});

test("comment text is shown as text, never as HTML", async ({ page, scratchArticle, phone }) => {
  const url = scratchArticle(1).url;
  const dialogs = recordDialogs(page);
  await openLoggedIn(page, url, phone.js);
  const text = `<b>x</b><img src=x onerror=alert(1)> ${Date.now().toString(36)}`;
  await postComment(page, text);
  await expect(page.locator(".toast")).toHaveText(TEXTS.commentSent);
  const content = page.locator("#comments .comment__content").filter({ hasText: text });
  await expect(content).toHaveText(text);
  await expect(content.locator("b, img")).toHaveCount(0);

  await page.goto(url);
  await expect(page.locator("#comments .comment__content").filter({ hasText: text })).toHaveText(text);
  await expect(page.locator("#comments img[src=x]")).toHaveCount(0);
  expect(dialogs).toEqual([]);
});

test.describe("on a gallery page", () => {
  // A user of its own: the platform's 5 comments a minute are the other tests'.
  let commenter: NewUser | undefined;
  test.beforeAll(async ({ newUser }) => {
    commenter = await newUser();
  });
  // Playwright also sets the storage state up for the beforeAll hook, before the user is made.
  test.use({ storageState: async ({}, use) => use(commenter?.storageState) });

  test("the comments list shows, a comment posted there shows in it, and the footer stays the gallery one", async ({ page, phone }) => {
    const url = detailUrl(SEED_FIXTURES.galleryMixed, "gallery");
    await openLoggedIn(page, url, phone.js);
    await expect(page.locator(".footer-bar")).toHaveClass(/footer-bar--gallery/);
    await expect(page.locator("#comments")).toBeVisible();
    // Spec section 2: still none of the bottom components on a gallery.
    await expect(page.locator("#feed-hot72, #feed-recommend, #related-title")).toHaveCount(0);

    const text = uniqueText("图集评论");
    await postComment(page, text);
    await expect(page.locator(".toast")).toHaveText(TEXTS.commentSent);
    await expect(topLevel(page).first().locator(".comment__content")).toHaveText(text);

    await page.goto(url);
    await expect(topLevel(page).filter({ has: page.locator("> .comment__main > .comment__content", { hasText: text }) })).toHaveCount(1);
    await expect(page.locator(".footer-bar")).toHaveClass(/footer-bar--gallery/);
  });
});
