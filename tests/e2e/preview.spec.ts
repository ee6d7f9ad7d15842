import { type Page } from "@playwright/test";
import { expect, test } from "./support/test";
import { BASE_PATH } from "../../app/lib/base-path";
import { signPreviewToken } from "../../platform/preview-tokens";
import { SEED_FIXTURES } from "../../platform/seed";
import { E2E_ORIGIN, E2E_PREVIEW_SECRET } from "./support/e2e-server";
import { waitForHydration } from "./support/hydration";
import { detailUrl, urlId } from "./support/urls";

// The e2e server's platform signs preview links with E2E_PREVIEW_SECRET: holding it, these tests stand in for the
// CMS that issues links (with the expiry they choose), and forge others with a wrong secret.
const DRAFT_TITLE = "【草稿】江北新区规划方案征求意见";
const draftId = urlId(SEED_FIXTURES.draftArticle);
const MINUTE = 60_000;
/** Spec section 9: a preview whose `_` is older than this reloads itself with a fresh one. */
const RELOAD_WINDOW_MS = 30_000;

function token(minutesLeft: number, postId = draftId, secret = E2E_PREVIEW_SECRET): string {
  return signPreviewToken(secret, postId, new Date(Date.now() + minutesLeft * MINUTE));
}

function previewUrl(previewToken: string, extra = ""): string {
  return `${detailUrl(SEED_FIXTURES.draftArticle, "doc", "preview-editor")}?preview=${encodeURIComponent(previewToken)}${extra}`;
}

/** The countdown's mm:ss, in seconds. */
async function countdownSeconds(page: Page): Promise<number> {
  const [minutes, seconds] = ((await page.locator(".preview-banner__time").textContent()) ?? "").split(":").map(Number);
  return minutes * 60 + seconds;
}

async function expectNothingOfTheDraft(page: Page) {
  await expect(page.getByText(DRAFT_TITLE)).toHaveCount(0);
  expect(await page.content()).not.toContain(DRAFT_TITLE);
}

test.describe("preview mode", () => {
  test("a preview link shows the draft under its countdown and watermark, with no app banner, dialog or footer", async ({ tab: page, phone }) => {
    const errors: string[] = [];
    page.on("console", (message) => message.type() === "error" && errors.push(message.text()));
    page.on("pageerror", (error) => errors.push(error.message));
    const response = await page.goto(previewUrl(token(30)));
    // The reload rule answered first: a 302 to the same address with _ set to the server's time.
    expect(response?.request().redirectedFrom()?.url()).not.toContain("_=");
    expect(response?.status()).toBe(200);
    const stamp = Number(new URL(page.url()).searchParams.get("_"));
    expect(Math.abs(Date.now() - stamp)).toBeLessThan(RELOAD_WINDOW_MS);

    await expect(page.locator("main h1")).toHaveText(DRAFT_TITLE);
    await expect(page.locator(".preview-banner")).toContainText("内部临时预览");
    const left = await countdownSeconds(page);
    expect(left).toBeGreaterThan(28 * 60);
    expect(left).toBeLessThanOrEqual(30 * 60);

    const watermark = page.locator(".preview-watermark");
    await expect(watermark).toHaveAttribute("aria-hidden", "true");
    await expect(watermark.locator("span").first()).toHaveText("内部临时预览");
    expect(await watermark.evaluate((node) => getComputedStyle(node).pointerEvents)).toBe("none");
    expect(await watermark.evaluate((node) => getComputedStyle(node).position)).toBe("fixed");

    await expect(page.locator(".banner")).toHaveCount(0);
    await expect(page.locator("#app-open")).toHaveCount(0);
    await expect(page.locator(".footer-bar")).toHaveCount(0);
    await expect(page.locator("#comments")).toHaveCount(0);
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex");
    // The link's token never travels in share metadata.
    const shared = await page
      .locator('link[rel="canonical"], meta[property="og:url"]')
      .evaluateAll((nodes) => nodes.map((node) => node.getAttribute("href") ?? node.getAttribute("content") ?? ""));
    expect(shared.length).toBeGreaterThan(0);
    for (const address of shared) expect(new URL(address).search).toBe("");
    // The lazily loaded frame hydrates over the server's markup without a mismatch.
    if (phone.js) await waitForHydration(page, ".preview-banner");
    expect(errors).toEqual([]);
  });

  test("a stale _ is replaced, a fresh one kept", async ({ tab: page }) => {
    const previewToken = token(30);
    const stale = Date.now() - 2 * RELOAD_WINDOW_MS;
    await page.goto(previewUrl(previewToken, `&_=${stale}`));
    const renewed = Number(new URL(page.url()).searchParams.get("_"));
    expect(renewed).toBeGreaterThan(stale);
    await expect(page.locator("main h1")).toHaveText(DRAFT_TITLE);

    const fresh = previewUrl(previewToken, `&_=${Date.now()}`);
    const response = await page.goto(fresh);
    expect(response?.request().redirectedFrom()).toBeNull();
    expect(response?.status()).toBe(200);
  });

  test("the countdown ticks and, at zero, hides the draft and says the preview expired", async ({ page, phone }) => {
    test.skip(!phone.js, "the server-rendered countdown only ticks with JavaScript");
    await page.clock.install();
    await page.goto(previewUrl(token(30)));
    await expect(page.locator("main h1")).toHaveText(DRAFT_TITLE);
    // The frame is loaded lazily: wait until it is live, i.e. has rendered a tick of its own.
    const before = await countdownSeconds(page);
    await page.clock.runFor(5_000);
    await expect.poll(() => countdownSeconds(page)).toBeLessThanOrEqual(before - 5);

    await page.clock.fastForward("31:00");
    await expect(page.getByRole("heading", { name: "预览已过期" })).toBeVisible();
    await expect(page.locator(".preview-banner")).toContainText("预览已结束");
    await expect(page.getByText(DRAFT_TITLE)).toHaveCount(0);
  });

  test("an expired link is the 'preview expired' page (410), showing nothing of the draft", async ({ tab: page }) => {
    const errors: string[] = [];
    page.on("pageerror", (error) => errors.push(error.message));
    const response = await page.goto(previewUrl(token(-1)));
    expect(response?.status()).toBe(410);
    expect(response?.headers()["cache-control"]).toBe("no-store");
    await expect(page.getByRole("heading", { name: "预览已过期" })).toBeVisible();
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex");
    await expectNothingOfTheDraft(page);
    expect(errors).toEqual([]);
  });

  test("forged, altered, foreign and missing tokens are refused with a 404", async ({ tab: page }) => {
    const good = token(30);
    const altered = `${good.slice(0, -2)}${good.endsWith("AA") ? "BB" : "AA"}`;
    const refused = [token(30, draftId, "not-the-platform-preview-secret"), altered, token(30, urlId(SEED_FIXTURES.draftVideo)), ""];
    for (const previewToken of refused) {
      const response = await page.goto(previewUrl(previewToken));
      expect(response?.status(), previewToken).toBe(404);
      expect(response?.headers()["cache-control"]).toBe("no-store");
      await expectNothingOfTheDraft(page);
    }
    // Nor is the draft an ordinary page.
    const published = await page.goto(detailUrl(SEED_FIXTURES.draftArticle, "doc"));
    expect(published?.status()).toBe(404);
    await expectNothingOfTheDraft(page);
  });

  test("/{actor}/doc/…/preview opens the draft too", async ({ tab: page }) => {
    const response = await page.goto(`${BASE_PATH}news/doc/2026/11/${draftId}/preview?preview=${encodeURIComponent(token(30))}`);
    expect(response?.status()).toBe(200);
    await expect(page.locator("main h1")).toHaveText(DRAFT_TITLE);
    await expect(page.locator(".preview-watermark")).toHaveCount(1);
  });

  test("a draft video previews on its own page, also when the link names another type", async ({ tab: page }) => {
    const videoId = urlId(SEED_FIXTURES.draftVideo);
    const videoToken = encodeURIComponent(token(30, videoId));
    const response = await page.goto(`${BASE_PATH}preview-editor/doc/2026/11/${videoId}/index.html?preview=${videoToken}`);
    expect(response?.status()).toBe(200);
    expect(new URL(page.url()).pathname).toBe(detailUrl(SEED_FIXTURES.draftVideo, "video", "preview-editor"));
    await expect(page.locator("main h1")).toHaveText("【草稿】航拍江北新区施工现场");
    await expect(page.locator(".preview-banner")).toContainText("内部临时预览");
  });

  test("every preview answer is no-store and noindex, the reload redirect included @once", async ({ request }) => {
    const first = await request.get(previewUrl(token(30)), { maxRedirects: 0 });
    expect(first.status()).toBe(302);
    expect(first.headers()["cache-control"]).toBe("no-store");
    expect(first.headers()["x-robots-tag"]).toBe("noindex");
    const target = new URL(first.headers()["location"] ?? "", first.url());
    expect(target.searchParams.has("_")).toBe(true);

    const page = await request.get(target.href, { maxRedirects: 0 });
    expect(page.status()).toBe(200);
    expect(page.headers()["cache-control"]).toBe("no-store");
    expect(page.headers()["x-robots-tag"]).toBe("noindex");

    // Ordinary pages keep their policy: an anonymous visitor's may be cached by anyone.
    const article = await request.get(detailUrl(SEED_FIXTURES.article, "doc"), { maxRedirects: 0 });
    expect(article.headers()["cache-control"]).toMatch(/^public, /);
    expect(article.headers()["x-robots-tag"]).toBeUndefined();
  });

  test("a preview takes no comments @once", async ({ request }) => {
    const response = await request.post(previewUrl(token(30), `&_=${Date.now()}`), {
      headers: { origin: E2E_ORIGIN },
      form: { intent: "comment", content: "预览里的评论" },
    });
    expect(response.status()).toBe(404);
  });
});
