import { type Page } from "@playwright/test";
import { expect, test } from "./support/test";
import { SEED_FIXTURES } from "../../platform/seed";
import { recordDocumentRequests } from "./support/document-requests";
import { E2E_ORIGIN } from "./support/e2e-server";
import { holdScripts, hydrationErrors, waitForHydration, waitForHydrationCommitted } from "./support/hydration";
import { articleUrl, detailUrl } from "./support/urls";

const VIDEO = detailUrl(SEED_FIXTURES.video, "video");
const HLS_ONLY = detailUrl(SEED_FIXTURES.hlsOnlyVideo, "video");
const SVIDEO = detailUrl(SEED_FIXTURES.svideo, "svideo");
const AUDIO = detailUrl(SEED_FIXTURES.audio, "audio");

/** Where the page's media element is in its file, in seconds. */
const currentTime = (page: Page, selector: string) => page.locator(selector).evaluate((media: HTMLMediaElement) => media.currentTime);

/** Plays the page's media element and waits until its clock has moved past `seconds`. */
async function expectPlays(page: Page, selector: string, seconds = 0.5) {
  await page.locator(selector).evaluate((media: HTMLMediaElement) => media.play());
  await expect.poll(() => currentTime(page, selector), { message: `${selector} plays` }).toBeGreaterThan(seconds);
}

/** Chromium here plays HLS natively; this makes it answer like the many Android webviews that cannot. */
async function withoutNativeHls(page: Page) {
  await page.addInitScript(() => {
    const canPlayType = HTMLMediaElement.prototype.canPlayType;
    HTMLMediaElement.prototype.canPlayType = function (type: string) {
      return /mpegurl/i.test(type) ? "" : canPlayType.call(this, type);
    };
  });
}

test("media pages hydrate without errors", async ({ tab: page, phone }) => {
  test.skip(!phone.js, "nothing hydrates without JavaScript");
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));
  for (const url of [VIDEO, HLS_ONLY, SVIDEO, AUDIO]) {
    await page.goto(url);
    await waitForHydration(page, "main video, main audio");
  }
  expect(errors).toEqual([]);
});

test("a client-side navigation from the article loads the short video's body and plays it", async ({ tab: page, phone }) => {
  test.skip(!phone.js, "without JavaScript every link is a document load");
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));
  await page.goto(articleUrl(SEED_FIXTURES.article));
  await waitForHydration(page);
  const documents = recordDocumentRequests(page);
  const link = page.locator('main a[href*="/svideo/"]').first();
  const target = (await link.getAttribute("href")) ?? "";
  await link.click();
  await expect(page).toHaveURL((url) => url.pathname === target.split("?")[0]);
  await expect(page.locator(".svideo__title")).not.toBeEmpty();
  expect(documents).toEqual([]);
  await expectPlays(page, "main video");
  expect(errors).toEqual([]);
});

const jsonLd = async (page: Page) => JSON.parse((await page.locator('script[type="application/ld+json"]').textContent()) ?? "{}");

test.describe("video page", () => {
  test("a real player: poster, controls, inline, sound on, nothing preloaded, MP4 first", async ({ tab: page, request }) => {
    expect((await page.goto(VIDEO))?.status()).toBe(200);
    const video = page.locator("main video");
    await expect(video).toHaveCount(1);
    await expect(video).toHaveAttribute("controls", "");
    await expect(video).toHaveAttribute("playsinline", "");
    await expect(video).toHaveAttribute("webkit-playsinline", "true");
    await expect(video).toHaveAttribute("x5-playsinline", "true");
    await expect(video).toHaveAttribute("preload", "none");
    await expect(video).toHaveAttribute("poster", /\.(jpg|webp)$/);
    await expect(video).not.toHaveAttribute("autoplay");
    await expect(video).not.toHaveAttribute("muted");
    const sources = video.locator("source");
    await expect(sources).toHaveCount(2);
    await expect(sources.nth(0)).toHaveAttribute("type", "video/mp4");
    await expect(sources.nth(1)).toHaveAttribute("type", "application/vnd.apple.mpegurl");
    const mp4 = await request.get((await sources.nth(0).getAttribute("src")) ?? "");
    expect(mp4.status()).toBe(200);
    expect(mp4.headers()["content-type"]).toContain("video/mp4");
    // Duration and views in the meta row.
    await expect(page.locator("main .article__meta")).toContainText("时长 00:08");
    await expect(page.locator("main .article__meta")).toContainText("阅读");
  });

  test("share metadata: og:video and a VideoObject with the real media, thumbnail, duration and upload date", async ({ tab: page }) => {
    await page.goto(VIDEO);
    const ogVideo = await page.locator('meta[property="og:video"]').getAttribute("content");
    expect(new URL(ogVideo ?? "").pathname).toMatch(/\.mp4$/);
    await expect(page.locator('meta[property="og:video:type"]')).toHaveAttribute("content", "video/mp4");
    const ld = await jsonLd(page);
    expect(ld).toMatchObject({ "@type": "VideoObject", contentUrl: ogVideo, duration: "PT8S" });
    for (const key of ["name", "description", "thumbnailUrl", "uploadDate"]) expect(ld[key], key).toBeTruthy();
    expect(new Date(ld.uploadDate).toISOString()).toBe(ld.uploadDate);
  });

  test("the video plays in the browser, also without the page's JavaScript", async ({ tab: page }) => {
    await page.goto(VIDEO);
    expect(await page.locator("main video").evaluate((v: HTMLVideoElement) => v.canPlayType('video/mp4; codecs="avc1.4D401E, mp4a.40.2"'))).not.toBe(
      "",
    );
    await expectPlays(page, "main video");
  });

  test("an HLS-only video plays through hls.js where HLS is not native, and only there is hls.js loaded", async ({ tab: page, phone }) => {
    test.skip(!phone.js, "hls.js needs script");
    const scripts: string[] = [];
    page.on("request", (r) => r.resourceType() === "script" && scripts.push(r.url()));
    await withoutNativeHls(page);

    await page.goto(articleUrl(SEED_FIXTURES.article));
    await waitForHydration(page);
    await page.goto(VIDEO);
    await waitForHydration(page, "main video");
    expect(
      scripts.filter((url) => /hls/i.test(url)),
      "no hls.js on the article or on an MP4 video",
    ).toEqual([]);

    const hlsChunk = page.waitForRequest((r) => /hls\.light/.test(r.url()));
    await page.goto(HLS_ONLY);
    await hlsChunk;
    const video = page.locator("main video");
    await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.currentSrc)).toMatch(/^blob:/);
    await expectPlays(page, "main video");
    await expect(page.getByRole("alert")).toHaveCount(0);
  });

  test("an HLS-only video plays by the path the browser has: natively where it can, else through hls.js", async ({ tab: page, phone }) => {
    test.skip(!phone.js, "playing it from a test needs script");
    const scripts: string[] = [];
    page.on("request", (r) => r.resourceType() === "script" && scripts.push(r.url()));
    await page.goto(HLS_ONLY);
    await waitForHydration(page, "main video");
    const native = (await page.locator("main video").evaluate((v: HTMLVideoElement) => v.canPlayType("application/vnd.apple.mpegurl"))) !== "";
    await expectPlays(page, "main video");
    // Either path is right for its browser (the test above hides native HLS to take the other); whichever this one
    // has, the page must have taken it.
    const taken = {
      source: (await page.locator("main video").evaluate((v: HTMLVideoElement) => v.currentSrc)).replace(/^(blob):.*|.*\.(m3u8)$/, "$1$2"),
      hlsJs: scripts.some((url) => /hls/i.test(url)),
    };
    expect(taken, `native HLS: ${native}`).toEqual(native ? { source: "m3u8", hlsJs: false } : { source: "blob", hlsJs: true });
  });

  test("where scripts run, the poster and one 播放 until the first play; then the native controls", async ({ tab: page, phone }) => {
    await page.goto(VIDEO);
    const start = page.locator("main .video-player__start");
    if (!phone.js) {
      // Nothing to start it: the native controls are there from the first frame.
      await expect(start).toBeHidden();
      await expect(page.locator("main .video-player")).not.toHaveClass(/video-player--started/);
      return;
    }
    await expect(start).toBeVisible();
    await expect(start).toHaveAccessibleName("播放");
    // It covers the picture, so a tap anywhere on it starts the video.
    const [box, button] = [await page.locator("main .video-player").boundingBox(), await start.boundingBox()];
    expect(button).toEqual(box);
    await waitForHydration(page, "main video");
    await start.click();
    await expect.poll(() => currentTime(page, "main video"), { message: "plays from the one tap" }).toBeGreaterThan(0.3);
    await expect(page.locator("main .video-player")).toHaveClass(/video-player--started/);
    await expect(start).toHaveCount(0);
  });

  test("播放 plays the video before the page has hydrated, and the hydrated player carries on", async ({ page, phone }) => {
    test.skip(!phone.js, "without JavaScript the native controls play it (above)");
    const errors = hydrationErrors(page);
    const release = await holdScripts(page);
    // Not to the load event: the scripts may start before it, and the held one would hold it too.
    await page.goto(VIDEO, { waitUntil: "domcontentloaded" });
    const start = page.locator("main .video-player__start");
    await start.click();
    await expect.poll(() => currentTime(page, "main video"), { message: "plays from the tap, before hydration" }).toBeGreaterThan(0.3);
    await expect(page.locator("main .video-player")).toHaveClass(/video-player--started/);
    await expect(start).toBeHidden();
    release();
    await waitForHydrationCommitted(page);
    await expect(start).toHaveCount(0);
    const playing = await currentTime(page, "main video");
    await expect.poll(() => currentTime(page, "main video"), { message: "still playing once hydrated" }).toBeGreaterThan(playing + 0.3);
    expect(errors).toEqual([]);
  });

  test("a video that fails to load says so and retries", async ({ page, phone }) => {
    test.skip(!phone.js, "the message and retry are script");
    // Both sources fail (the browser would otherwise fall back from the MP4 to the HLS playlist) until the tap on 重试
    // itself: a load tried again before it, by whatever, fails too, so the message cannot clear before the tap.
    await page.route(/river-dawn\.(mp4|m3u8)$/, async (route) => {
      const back = await page.evaluate(() => (window as unknown as { networkBack?: boolean }).networkBack === true).catch(() => false);
      return back ? route.fallback() : route.fulfill({ status: 503, body: "" });
    });
    await page.goto(VIDEO);
    await waitForHydration(page, "main video");
    // Not awaited: with no source that loads, play() stays pending.
    await page.locator("main video").evaluate((v: HTMLVideoElement) => {
      void v.play().catch(() => undefined);
    });
    const alert = page.getByRole("alert");
    await expect(alert).toContainText("视频加载失败");
    await page.evaluate(() =>
      window.addEventListener("click", () => ((window as unknown as { networkBack?: boolean }).networkBack = true), { capture: true, once: true }),
    );
    await alert.getByRole("button", { name: "重试" }).click();
    await expect(alert).toHaveCount(0);
    await expect.poll(() => currentTime(page, "main video")).toBeGreaterThan(0.3);
  });
});

test.describe("short video page", () => {
  test("a portrait player fills the screen under the banner, title and source over it, no footer or lists", async ({ tab: page }) => {
    expect((await page.goto(SVIDEO))?.status()).toBe(200);
    const viewport = page.viewportSize()!;
    const bannerHeight = await page.evaluate(() => parseFloat(getComputedStyle(document.documentElement).getPropertyValue("--banner-h")));
    const player = await page.locator("main .video-player").boundingBox();
    expect(player).not.toBeNull();
    expect(Math.round(player!.y)).toBe(bannerHeight);
    expect(Math.abs(player!.y + player!.height - viewport.height)).toBeLessThanOrEqual(1);
    expect(player!.width).toBe(viewport.width);
    const video = page.locator("main video");
    await expect(video).toHaveAttribute("x5-video-orientation", "portrait");
    await expect(video.locator("source").first()).toHaveAttribute("src", /\.mp4$/);
    const caption = await page.locator(".svideo__caption").boundingBox();
    expect(caption!.y).toBeGreaterThan(player!.y);
    expect(caption!.y + caption!.height).toBeLessThanOrEqual(player!.y + player!.height + 1);
    await expect(page.locator(".svideo__title")).toHaveText("早市里的烟火气");
    await expect(page.locator(".svideo__source")).toContainText("大目新闻");
    await expect(page.locator(".footer-bar")).toHaveCount(0);
    await expect(page.locator("#comments, #feed-hot72, #feed-recommend")).toHaveCount(0);
    expect((await jsonLd(page))["@type"]).toBe("VideoObject");
  });

  test("the short video plays", async ({ tab: page, phone }) => {
    await page.goto(SVIDEO);
    if (phone.js) await waitForHydration(page, "main video");
    await expectPlays(page, "main video");
  });
});

test.describe("audio page", () => {
  test("the audio plays through its native element without the page's JavaScript", async ({ tab: page, phone }) => {
    test.skip(phone.js, "with JavaScript the custom controls play it (below)");
    await page.goto(AUDIO);
    await expectPlays(page, "main audio");
  });

  test("cover, title, source and a playable <audio>; its own controls where scripts run", async ({ tab: page, request, phone }) => {
    expect((await page.goto(AUDIO))?.status()).toBe(200);
    await expect(page.locator("main .audio-body__cover")).toBeVisible();
    await expect(page.locator("main h1")).toHaveText("早间新闻｜今日临江要闻速览");
    await expect(page.locator("main .article__source")).toHaveText("大目新闻");
    const audio = page.locator("main audio");
    await expect(audio).toHaveAttribute("preload", "none");
    const src = (await audio.getAttribute("src")) ?? "";
    const file = await request.get(src);
    expect(file.status()).toBe(200);
    expect(file.headers()["content-type"]).toMatch(/audio\/(mp4|x-m4a|aac)/);
    if (!phone.js) {
      await expect(audio).toHaveAttribute("controls", "");
      await expect(audio).toBeVisible();
      await expect(page.locator(".audio-player__controls")).toBeHidden();
      await expect(page.locator(".audio-player__time--static")).toHaveText("时长 00:10");
    } else {
      await expect(page.getByRole("button", { name: "播放" })).toBeVisible();
      await expect(audio).toBeHidden();
      await expect(page.locator(".audio-player__time--static")).toBeHidden();
      await expect(page.locator(".audio-player__total")).toHaveText("00:10");
    }
    const ogAudio = await page.locator('meta[property="og:audio"]').getAttribute("content");
    expect(new URL(ogAudio ?? "").pathname).toBe(new URL(src, "http://x").pathname);
    expect(await jsonLd(page)).toMatchObject({ "@type": "AudioObject", contentUrl: ogAudio, duration: "PT10S" });
  });

  test("the player is as tall before its page hydrates as after: nothing below it moves", async ({ tab: page, browser, phone }) => {
    test.skip(!phone.js, "without JavaScript the native controls stay");
    const height = (of: Page) => of.locator(".audio-player").evaluate((player) => player.getBoundingClientRect().height);
    // The native controls, as a browser that does not know the scripting media feature shows them until the page
    // hydrates: the same phone with scripts off.
    const unhydrated = await browser.newPage({ viewport: page.viewportSize(), javaScriptEnabled: false });
    await unhydrated.goto(`${E2E_ORIGIN}${AUDIO}`);
    const before = await height(unhydrated);
    await unhydrated.close();
    await page.goto(AUDIO);
    await expect(page.locator(".audio-player--enhanced")).toBeVisible();
    expect(await height(page)).toBe(before);
  });

  test("its play button answers before the page has hydrated, and the hydrated controls show what plays", async ({ page, phone }) => {
    test.skip(!phone.js, "the custom controls are script; without it the native controls play (above)");
    const errors = hydrationErrors(page);
    const release = await holdScripts(page);
    await page.goto(AUDIO, { waitUntil: "domcontentloaded" });
    await page.getByRole("button", { name: "播放" }).click();
    await expect.poll(() => currentTime(page, "main audio"), { message: "plays from the tap, before hydration" }).toBeGreaterThan(0.3);
    release();
    await waitForHydrationCommitted(page);
    // React answers the button from now on, and knows the audio plays: the next tap pauses it.
    await page.getByRole("button", { name: "暂停" }).click();
    await expect(page.getByRole("button", { name: "播放" })).toBeVisible();
    expect(await page.locator("main audio").evaluate((audio: HTMLAudioElement) => audio.paused)).toBe(true);
    expect(errors).toEqual([]);
  });

  test("play, pause and a seek bar that moves and answers the keyboard", async ({ tab: page, phone }) => {
    test.skip(!phone.js, "the custom controls are script; without it the native controls play (above)");
    await page.goto(AUDIO);
    // Shown from the first frame, the controls answer once the page has hydrated, like the site's other buttons.
    await waitForHydration(page, ".audio-player__toggle");
    const play = page.getByRole("button", { name: "播放" });
    await play.click();
    const seek = page.getByRole("slider", { name: "播放进度" });
    await expect.poll(async () => Number(await seek.inputValue())).toBeGreaterThan(0.5);
    await expect(page.locator(".audio-player__elapsed")).not.toHaveText("00:00");
    await page.getByRole("button", { name: "暂停" }).click();
    await expect(page.getByRole("button", { name: "播放" })).toBeVisible();
    const before = await currentTime(page, "main audio");
    await seek.focus();
    for (let i = 0; i < 3; i++) await page.keyboard.press("ArrowRight");
    await expect.poll(() => currentTime(page, "main audio")).toBeGreaterThan(before + 0.5);
  });
});
