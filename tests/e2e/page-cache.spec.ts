import { type APIRequestContext, type APIResponse, type PlaywrightWorkerArgs } from "@playwright/test";
import { expect, test } from "./support/test";
import { signPreviewToken } from "../../platform/preview-tokens";
import { SEED_FIXTURES } from "../../platform/seed";
import { E2E_ORIGIN, E2E_PREVIEW_SECRET } from "./support/e2e-server";
import { waitForHydration } from "./support/hydration";
import { fromOwnPage, loginAsDemo } from "./support/login";
import { seedArticle } from "./support/seed-content";
import { articleUrl, detailUrl, urlId } from "./support/urls";

/**
 * An anonymous visitor's page is rendered once and its bytes served to everyone; nothing personal is
 * ever stored or served to another. The cache answers every phone alike, so this runs once (its device classes are
 * unit-tested in server/page-cache/page-answers.test.ts); JavaScript-off forms are covered by the auth-no-js, csrf, comments and
 * interactions specs on the no-js profile.
 */

// Read by no test that writes: its cached page changes only when it expires.
const QUIET_ARTICLE = seedArticle(5);
const quietUrl = articleUrl(QUIET_ARTICLE.id);

async function anonymous(playwright: PlaywrightWorkerArgs["playwright"]): Promise<APIRequestContext> {
  return playwright.request.newContext({ baseURL: E2E_ORIGIN });
}

function expectShared(response: APIResponse) {
  expect(response.status()).toBe(200);
  expect(response.headers()["cache-control"]).toMatch(/^public, max-age=0, s-maxage=\d+, stale-while-revalidate=\d+, stale-if-error=\d+$/);
  expect(response.headers()["set-cookie"]).toBeUndefined();
}

test("two anonymous visitors get the same bytes, with nothing of either in them", async ({ playwright }) => {
  const [one, two] = [await anonymous(playwright), await anonymous(playwright)];
  // Other tests read the page too: stored longer ago than its freshness, it is served stale while it is made again.
  // The pair is taken once the stored page is fresh, so the second is a hit on the same bytes as the first.
  await expect.poll(async () => (await one.get(quietUrl)).headers()["x-cache"], { message: "the stored page fresh" }).toBe("HIT");
  // WeChat's share parameters and the _t timestamp do not make another page.
  const first = await one.get(`${quietUrl}?from=singlemessage&isappinstalled=0&_t=1`);
  const second = await two.get(`${quietUrl}?_t=2`);
  expectShared(first);
  expectShared(second);
  expect(second.headers()["x-cache"]).toBe("HIT");
  const body = await second.body();
  expect(body.equals(await first.body())).toBe(true);
  const html = body.toString("utf8");
  expect(html).toContain(QUIET_ARTICLE.title);
  expect(html).not.toMatch(/\bnonce="/);
  expect(html).not.toMatch(/name="csrf" value="[^"]/);
  expect(html).not.toContain("_t=1");
  await Promise.all([one.dispose(), two.dispose()]);
});

test("a logged-in visitor's page is made for them from the stored one and never served to another", async ({ page, playwright }) => {
  await loginAsDemo(page, quietUrl);
  const own = await page.goto(quietUrl);
  expect(own?.headers()["cache-control"]).toBe("private, no-store");
  // The stored anonymous page with the visitor's own parts put in (app/render/personal.server.tsx).
  expect(
    own?.headers()["x-cache"],
    "made afresh: the server warns why; after a framework upgrade, see serializedStringInPage in app/framework/remix-internals.tsx",
  ).toBe("PERSONAL");
  const token = await page.locator(".footer-bar__form input[name=csrf]").inputValue();
  expect(token).toMatch(/^.{16,}$/);
  await expect(page.locator(".banner__login .avatar")).toBeVisible();

  const stranger = await anonymous(playwright);
  const theirs = await stranger.get(quietUrl);
  expectShared(theirs);
  const html = await theirs.text();
  expect(html).not.toContain(token);
  expect(html).not.toContain("退出登录");
  await stranger.dispose();
});

test("a new comment drops the stored page: the writer and the next anonymous visitor see it at once", async ({
  browser,
  playwright,
  newUser,
  scratchArticle,
}) => {
  const url = scratchArticle(2).url;
  const reader = await anonymous(playwright);
  await reader.get(url);
  expect((await reader.get(url)).headers()["x-cache"]).toBe("HIT");

  const writer = await browser.newContext({ baseURL: E2E_ORIGIN, storageState: (await newUser()).storageState });
  const page = await writer.newPage();
  await page.goto(url);
  const form = page.locator(".footer-bar__form");
  const text = `缓存评论 ${Date.now().toString(36)}`;
  const posted = await page.request.post(url, {
    form: {
      csrf: await form.locator("input[name=csrf]").inputValue(),
      track_id: await form.locator("input[name=track_id]").inputValue(),
      content: text,
      intent: "comment",
    },
    headers: fromOwnPage(),
    maxRedirects: 0,
  });
  expect(posted.status()).toBe(302);
  await page.goto(url);
  await expect(page.locator("#comments .comment__content", { hasText: text })).toBeVisible();

  const next = await reader.get(url);
  expectShared(next);
  // Stored again for the writer's own page after the write, or rendered now.
  expect(["HIT", "MISS"]).toContain(next.headers()["x-cache"]);
  expect(await next.text()).toContain(text);
  await Promise.all([reader.dispose(), writer.close()]);
});

test("a stored page answers 304 to its ETag, and comes gzip or brotli", async ({ playwright }) => {
  const visitor = await anonymous(playwright);
  const page = await visitor.get(quietUrl, { headers: { "accept-encoding": "br" } });
  expect(page.headers()["content-encoding"]).toBe("br");
  expect(page.headers().vary).toContain("Accept-Encoding");
  const gzip = await visitor.get(quietUrl, { headers: { "accept-encoding": "gzip" } });
  expect(gzip.headers()["content-encoding"]).toBe("gzip");
  expect((await gzip.body()).equals(await page.body())).toBe(true);

  const etag = page.headers().etag ?? "";
  expect(etag).not.toBe("");
  const again = await visitor.get(quietUrl, { headers: { "if-none-match": etag } });
  expect(again.status()).toBe(304);
  expect((await again.body()).length).toBe(0);
  await visitor.dispose();
});

test("a draft's preview is never stored", async ({ playwright }) => {
  const visitor = await anonymous(playwright);
  const token = signPreviewToken(E2E_PREVIEW_SECRET, urlId(SEED_FIXTURES.draftArticle), new Date(Date.now() + 30 * 60_000));
  const url = `${detailUrl(SEED_FIXTURES.draftArticle, "doc", "preview-editor")}?preview=${encodeURIComponent(token)}&_=${Date.now()}`;
  for (let visit = 0; visit < 2; visit += 1) {
    const preview = await visitor.get(url, { maxRedirects: 0 });
    expect(preview.status()).toBe(200);
    expect(preview.headers()["cache-control"]).toBe("no-store");
    expect(preview.headers()["x-cache"]).toBeUndefined();
  }
  await visitor.dispose();
});

test("a stored page's CSP allows its inline scripts by hash: the page hydrates with no violation", async ({ page, playwright }) => {
  const warm = await anonymous(playwright);
  await warm.get(quietUrl);
  await warm.dispose();

  const violations: string[] = [];
  page.on("console", (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  await page.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (event) => {
      (window as unknown as { cspViolations: string[] }).cspViolations ??= [];
      (window as unknown as { cspViolations: string[] }).cspViolations.push(`${event.violatedDirective} ${event.blockedURI}`);
    });
  });
  const response = await page.goto(quietUrl);
  expect(response?.headers()["x-cache"]).toBe("HIT");
  const policy = response?.headers()["content-security-policy"] ?? "";
  expect(policy).toMatch(/script-src 'self'( 'sha256-[A-Za-z0-9+/=]+')+ /);
  expect(policy).not.toContain("nonce-");
  expect(policy.split(";").find((directive) => directive.startsWith("script-src"))).not.toContain("unsafe-inline");
  await waitForHydration(page, "details.nav .nav__home");
  expect(await page.evaluate(() => (window as unknown as { cspViolations?: string[] }).cspViolations ?? [])).toEqual([]);
  expect(violations).toEqual([]);
});

test("a personal page shows the visitor's state, hydrates without a mismatch and takes its toast once", async ({ page, scratchArticle }) => {
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error" && /React error|[Hh]ydrat/.test(message.text())) errors.push(message.text());
  });
  page.on("pageerror", (error) => errors.push(error.message));
  const url = scratchArticle(2).url;
  await loginAsDemo(page, url);
  await page.goto(url);
  await waitForHydration(page, ".footer-bar");
  const collect = page.locator(".footer-bar button[value=collect]");
  const before = await collect.getAttribute("aria-pressed");
  await collect.click();
  await expect(page.locator(".toast")).toBeVisible();
  await expect(collect).toHaveAttribute("aria-pressed", before === "true" ? "false" : "true");

  // Reloaded: made from the stored page again, with the new state and no toast left over.
  const again = await page.goto(url);
  expect(again?.headers()["x-cache"]).toBe("PERSONAL");
  await waitForHydration(page, ".footer-bar");
  await expect(collect).toHaveAttribute("aria-pressed", before === "true" ? "false" : "true");
  await expect(page.locator(".banner__login .avatar")).toBeVisible();
  await expect(page.locator(".toast")).toHaveCount(0);
  expect(errors).toEqual([]);
  // Leave the scratch article as it was for the next run.
  await collect.click();
  await expect(collect).toHaveAttribute("aria-pressed", before ?? "false");
});
