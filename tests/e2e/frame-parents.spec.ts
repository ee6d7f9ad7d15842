import { type Frame, type Page } from "@playwright/test";
import { expect, test } from "./support/test";
import { SEED_FIXTURES } from "../../platform/seed";
import { E2E_FRAME_PARENT, E2E_ORIGIN } from "./support/e2e-server";
import { HYDRATION_COMMITTED, hydrationCommitState } from "./support/hydration";
import { articleUrl, urlId } from "./support/urls";

/**
 * Spec section 2: a framed detail page posts changeRoute, with spec section 3's whole document detail, to its parent
 * window — when the parent is of an allowed origin (FRAME_PARENT_ORIGINS, E2E_FRAME_PARENT here), and to nobody
 * else. The parent pages are served by the test itself, under made-up origins. Runs once (android): no phone differs.
 */

const ARTICLE = articleUrl(SEED_FIXTURES.article);
const STRANGER = "http://stranger.example";

type Received = { origin: string; data: unknown };

/**
 * Opens a page of `origin` that frames the article and records every message it receives. The article's document
 * goes through the test (with its own headers unless `strip` names some): Chromium refuses a page it takes for a
 * public one to frame a server on the local network, and the made-up parents are served by the test, not a network.
 */
async function openParent(page: Page, origin: string, strip: string[] = []): Promise<Frame> {
  await page.route(`${E2E_ORIGIN}${ARTICLE}`, async (route) => {
    const original = await route.fetch();
    const headers = Object.fromEntries(Object.entries(original.headers()).filter(([name]) => !strip.includes(name)));
    await route.fulfill({ response: original, headers });
  });
  await page.route(`${origin}/**`, (route) =>
    route.fulfill({
      contentType: "text/html; charset=utf-8",
      body: `<!doctype html><title>parent</title>
<script>window.received = []; addEventListener("message", (e) => window.received.push({ origin: e.origin, data: e.data }));</script>
<iframe src="${E2E_ORIGIN}${ARTICLE}" width="390" height="700"></iframe>`,
    }),
  );
  await page.goto(`${origin}/embed.html`);
  const frame = page.frames().find((candidate) => candidate !== page.mainFrame());
  expect(frame, "the parent's frame").toBeTruthy();
  return frame!;
}

const received = (page: Page) => page.evaluate(() => (window as unknown as { received: Received[] }).received);

/** Waits until the framed page has hydrated and run its effects (where changeRoute is posted). */
async function framedPageHydrated(frame: Frame) {
  await expect.poll(() => frame.evaluate(hydrationCommitState), { message: "the framed page hydrated" }).toEqual(HYDRATION_COMMITTED);
}

test("a parent of an allowed origin receives changeRoute with the whole document detail", async ({ page }) => {
  const frame = await openParent(page, E2E_FRAME_PARENT);
  const title = (await frame.locator("main h1").first().textContent())!.trim();
  await expect.poll(() => received(page)).toHaveLength(1);
  const [message] = await received(page);
  const canonical = `${E2E_ORIGIN}${ARTICLE}`;
  expect(message).toEqual({
    origin: E2E_ORIGIN,
    data: {
      type: "changeRoute",
      path: ARTICLE,
      detail: {
        title,
        summary: expect.any(String),
        share_link: canonical,
        content_type: "article",
        track_id: urlId(SEED_FIXTURES.article),
        post_id: urlId(SEED_FIXTURES.article),
        content_link: canonical,
        mp: expect.stringMatching(/.+/),
        type: "doc",
      },
    },
  });
  expect((message.data as { detail: { summary: string } }).detail.summary).not.toBe("");
});

test("another site may not frame the pages, and hears nothing even where its frame is not refused", async ({ page, request }) => {
  const response = await request.get(ARTICLE);
  const frameAncestors = /frame-ancestors ([^;]*)/.exec(response.headers()["content-security-policy"] ?? "")?.[1];
  expect(frameAncestors).toBe(`'self' ${E2E_FRAME_PARENT}`);

  // As if a proxy had stripped the page's framing rules (or an old browser ignored them): the message must still
  // not reach a stranger.
  const frame = await openParent(page, STRANGER, ["content-security-policy", "x-frame-options"]);
  await expect(frame.locator("main h1").first()).toBeVisible();
  await framedPageHydrated(frame);
  // A marker the test posts from the frame after the page's own effects: messages from one window arrive in order,
  // so once it is in, anything the page posted would be in before it.
  await frame.evaluate(() => window.parent.postMessage("marker", "*"));
  await expect.poll(() => received(page)).toContainEqual({ origin: E2E_ORIGIN, data: "marker" });
  expect(await received(page)).toEqual([{ origin: E2E_ORIGIN, data: "marker" }]);
});
