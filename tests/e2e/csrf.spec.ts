import { request as httpRequest } from "node:http";
import { type Page } from "@playwright/test";
import { expect, test } from "./support/test";
import { E2E_ORIGIN, E2E_PORT } from "./support/e2e-server";
import { SEED_FIXTURES } from "../../platform/seed";
import { DEMO_LOGIN_FORM, loginAsDemo } from "./support/login";
import { articleUrl } from "./support/urls";

/**
 * State changes only by POST from our own pages. The browser vouches for its form posts
 * (Origin, Sec-Fetch-Site); a post that names no origin needs the session's CSRF token, which only a visitor with
 * a session has: an anonymous page is shared between visitors and carries none.
 */

const EVIL = "https://evil.example";

/** The fields the page's own follow form would post (any form of the page would do). */
async function followForm(page: Page): Promise<Record<string, string>> {
  const form = page.locator(".article__meta form.follow");
  return {
    csrf: await form.locator("input[name=csrf]").inputValue(),
    mp: await form.locator("input[name=mp]").inputValue(),
    type: "add",
    intent: "follow",
  };
}

async function commentForm(page: Page, content: string): Promise<Record<string, string>> {
  const form = page.locator(".footer-bar__form");
  return {
    csrf: await form.locator("input[name=csrf]").inputValue(),
    track_id: await form.locator("input[name=track_id]").inputValue(),
    content,
    intent: "comment",
  };
}

async function formTokens(page: Page): Promise<string[]> {
  const forms = page.locator("form[method=post]");
  expect(await forms.count()).toBeGreaterThan(0);
  return forms.evaluateAll((all) => all.map((form) => (form.querySelector("input[name=csrf]") as HTMLInputElement | null)?.value ?? ""));
}

test("an anonymous page carries no token; every form of a logged-in visitor's page carries their session's", async ({ page, scratchArticle }) => {
  const url = articleUrl(SEED_FIXTURES.article);
  await page.goto(url);
  expect(new Set(await formTokens(page))).toEqual(new Set([""]));

  await loginAsDemo(page, scratchArticle(1).url);
  await page.goto(url);
  const tokens = await formTokens(page);
  for (const token of tokens) expect(token).toMatch(/^.{16,}$/);
  expect(new Set(tokens).size, "one token per session").toBe(1);
});

test.describe("a logged-in visitor's forms", () => {
  test("a POST from a foreign Origin is refused with 403 and changes nothing", async ({ page, scratchArticle }) => {
    const url = scratchArticle(1).url;
    await loginAsDemo(page, url);
    const text = `跨站评论 ${Date.now().toString(36)}`;

    const comment = await page.request.post(url, { form: await commentForm(page, text), headers: { origin: EVIL }, maxRedirects: 0 });
    expect(comment.status()).toBe(403);
    const logout = await page.request.post("/davmu/share/auth", {
      form: { csrf: (await commentForm(page, "")).csrf, intent: "logout", redirect: url },
      headers: { origin: EVIL },
      maxRedirects: 0,
    });
    expect(logout.status()).toBe(403);

    await page.reload();
    await expect(page.locator(".banner__login .avatar"), "still logged in").toBeVisible();
    await expect(page.getByText(text)).toHaveCount(0);
  });

  test("a POST without the CSRF field, or with another session's token, is refused with 403", async ({ page, browser, baseURL, scratchArticle }) => {
    const url = scratchArticle(1).url;
    await loginAsDemo(page, url);
    const text = `无令牌评论 ${Date.now().toString(36)}`;
    const { csrf: _csrf, ...withoutToken } = await commentForm(page, text);
    const missing = await page.request.post(url, { form: withoutToken, maxRedirects: 0 });
    expect(missing.status()).toBe(403);

    const wrong = await page.request.post(url, { form: { ...withoutToken, csrf: "0".repeat(48) }, maxRedirects: 0 });
    expect(wrong.status()).toBe(403);

    // A token is bound to its session: one taken from another visitor's page does not work here.
    const other = await browser.newContext({ baseURL });
    const otherPage = await other.newPage();
    await loginAsDemo(otherPage, url);
    const foreignToken = await otherPage.locator(".footer-bar__form input[name=csrf]").inputValue();
    await other.close();
    expect(foreignToken).toMatch(/^.{16,}$/);
    expect(foreignToken).not.toBe(_csrf);
    const stolen = await page.request.post(url, { form: { ...withoutToken, csrf: foreignToken }, maxRedirects: 0 });
    expect(stolen.status()).toBe(403);

    await page.reload();
    await expect(page.getByText(text)).toHaveCount(0);
  });
});

test("a logged-out POST from a foreign Origin is refused too (login and interactions)", async ({ page, phone, scratchArticle }) => {
  const url = scratchArticle().url;
  await page.goto(url);
  const form = await followForm(page);
  const follow = await page.request.post(url, { form, headers: { origin: EVIL }, maxRedirects: 0 });
  expect(follow.status()).toBe(403);
  const login = await page.request.post("/davmu/share/auth", {
    form: { csrf: form.csrf, ...DEMO_LOGIN_FORM },
    headers: { origin: EVIL },
    maxRedirects: 0,
  });
  expect(login.status()).toBe(403);
  const noToken = await page.request.post("/davmu/share/auth", {
    form: { intent: "send-code", phone: "13900000002", agreed: "on" },
    maxRedirects: 0,
  });
  expect(noToken.status()).toBe(403);
  await page.reload();
  await expect(page.locator(".banner__login")).toHaveText("登录");
});

/** A form post sent as a proxy that rewrote `Host` would send it: the status it gets. */
function postThroughProxy(path: string, fields: Record<string, string>, headers: Record<string, string>): Promise<number> {
  const body = new URLSearchParams(fields).toString();
  return new Promise((resolve, reject) => {
    const sent = httpRequest(
      {
        host: "127.0.0.1",
        port: E2E_PORT,
        path,
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded", "content-length": Buffer.byteLength(body), ...headers },
      },
      (answer) => {
        answer.resume();
        answer.on("end", () => resolve(answer.statusCode ?? 0));
      },
    );
    sent.on("error", reject).end(body);
  });
}

test("a login posted from the site's page through a proxy that rewrote Host logs in; any other Origin is refused, never a 500 @once", async () => {
  // The site's origin is where its pages are (http://localhost:PORT here), whatever host the request names.
  const rewritten = `127.0.0.1:${E2E_PORT}`;
  expect(await postThroughProxy("/davmu/share/auth", DEMO_LOGIN_FORM, { host: rewritten, origin: E2E_ORIGIN })).toBe(302);
  expect(await postThroughProxy("/davmu/share/auth", DEMO_LOGIN_FORM, { host: rewritten, origin: `http://${rewritten}` })).toBe(403);
  expect(await postThroughProxy("/davmu/share/auth", DEMO_LOGIN_FORM, { host: rewritten, origin: EVIL })).toBe(403);
});
