import { type Page } from "@playwright/test";
import { expect, test } from "./support/test";
import { SEED_FIXTURES } from "../../platform/seed";
import { BASE_PATH } from "../../app/lib/base-path";
import { waitForHydration } from "./support/hydration";
import { detailUrl, urlId } from "./support/urls";

// The gallery, album, mini-program, special-topic and link pages, with JavaScript on and off.

const GALLERY = detailUrl(SEED_FIXTURES.gallery, "gallery");
const GALLERY_MIXED = detailUrl(SEED_FIXTURES.galleryMixed, "gallery");
const AUDIO_ALBUM = detailUrl(SEED_FIXTURES.audioAlbum, "audio_album");
const LONG_ALBUM = detailUrl(SEED_FIXTURES.longAudioAlbum, "audio_album");
const EMPTY_ALBUM = detailUrl(SEED_FIXTURES.emptyAudioAlbum, "audio_album");
const VIDEO_ALBUM = detailUrl(SEED_FIXTURES.videoAlbum, "video_album");
const MINI_PROGRAM = detailUrl(SEED_FIXTURES.miniProgram, "mini_program");
const SPECIAL = detailUrl(SEED_FIXTURES.special, "special");

async function jsonLd(page: Page): Promise<Record<string, unknown>> {
  return JSON.parse((await page.locator('script[type="application/ld+json"]').textContent()) ?? "{}");
}

/** Whether the page has fetched a file whose name contains `part` (PhotoSwipe's chunk is gallery-viewer-*.js). */
function fetched(page: Page, part: string): Promise<boolean> {
  return page.evaluate((p) => performance.getEntriesByType("resource").some((entry) => entry.name.includes(p)), part);
}

/**
 * The hero (a cover, a gallery's first picture) is shown as its WebP where the platform gives one, and that is the
 * picture the head preloads: the page's scripts wait for the hero's paint, so the two must be the same file.
 */
async function expectWebpShownAsPreloaded(page: Page, selector: string) {
  const webp = await page.locator(selector).locator('xpath=preceding-sibling::source[@type="image/webp"]').getAttribute("srcset");
  expect(webp, `${selector} has a WebP source`).toMatch(/\.webp$/);
  await expect(page.locator('link[rel="preload"][as="image"][fetchpriority="high"]')).toHaveAttribute("href", webp!);
  await expect.poll(() => page.locator(selector).evaluate((image: HTMLImageElement) => image.currentSrc)).toContain(webp!);
}

test.describe("gallery", () => {
  test("every picture with its caption and 1/N counter, each a link to the full image", async ({ tab: page, phone }) => {
    expect((await page.goto(GALLERY))?.status()).toBe(200);
    const items = page.locator(".gallery__item");
    await expect(items).toHaveCount(6);
    await expect(items.nth(0).locator(".gallery__caption")).toHaveText("1/6清晨，白鹤在芦苇荡边觅食。");
    await expect(items.nth(5).locator(".gallery__counter")).toHaveText("6/6");
    const images = page.locator(".gallery__image");
    await expect(images.nth(0)).toHaveAttribute("loading", "eager");
    await expect(images.nth(0)).not.toHaveAttribute("fetchpriority", /.*/);
    for (let i = 1; i < 6; i++) {
      await expect(images.nth(i)).toHaveAttribute("loading", "lazy");
      // The first picture is the largest paint: those after it leave it the bandwidth, on the first screen too.
      await expect(images.nth(i)).toHaveAttribute("fetchpriority", "low");
    }
    for (let i = 0; i < 6; i++) {
      const src = await images.nth(i).getAttribute("src");
      await expect(page.locator(".gallery__link").nth(i)).toHaveAttribute("href", src ?? "");
      await expect(images.nth(i)).toHaveAttribute("width", "640");
      await expect(images.nth(i)).toHaveAttribute("height", "360");
    }
    // The pictures really load, each as the platform's WebP of it.
    await expect.poll(() => images.nth(0).evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    await expect(page.locator('.gallery__item picture source[type="image/webp"]')).toHaveCount(6);
    await expectWebpShownAsPreloaded(page, "#pic-1 .gallery__image");
    // The floating counter is a JavaScript addition; without it each caption carries the count.
    if (!phone.js) await expect(page.locator(".gallery__progress")).toHaveCount(0);
    // The gallery footer and its comments list, and no bottom lists.
    await expect(page.locator(".footer-bar")).toHaveClass(/footer-bar--gallery/);
    await expect(page.locator("#comments")).toHaveCount(1);
    await expect(page.locator("#feed-hot72, #feed-recommend")).toHaveCount(0);
  });

  test("its share metadata is an ImageGallery listing every picture", async ({ tab: page }) => {
    await page.goto(GALLERY_MIXED);
    await expect(page.locator('meta[property="og:image"]')).toHaveAttribute("content", /^https?:\/\/.+gallery-01/);
    const data = await jsonLd(page);
    expect(data["@type"]).toBe("ImageGallery");
    const pictures = data.image as Array<{ "@type": string; contentUrl: string; caption?: string }>;
    expect(pictures).toHaveLength(8);
    expect(pictures[0]).toMatchObject({ "@type": "ImageObject", caption: "黎明：月亮还没落下，东边的天已经亮了。" });
    expect(new URL(pictures[7].contentUrl).pathname).toMatch(/gallery-08\.jpg$/);
  });

  test("the swipe viewer opens on the tapped picture and swipes to the next ones (JavaScript)", async ({ tab: page, phone }) => {
    test.skip(!phone.js, "without JavaScript the picture link opens the full image (checked above)");
    await page.goto(GALLERY_MIXED);
    await waitForHydration(page, ".gallery__link");
    // PhotoSwipe is not part of the page until a picture is opened.
    expect(await fetched(page, "gallery-viewer")).toBe(false);
    // Over the footer, the counter follows the picture in the middle of the screen.
    const progress = page.locator(".gallery__progress");
    await expect(progress).toHaveText("1/8");
    await page
      .locator(".gallery__item")
      .nth(4)
      .evaluate((item) => item.scrollIntoView({ block: "center" }));
    await expect(progress).toHaveText("5/8");
    await page
      .locator(".gallery__item")
      .nth(1)
      .evaluate((item) => item.scrollIntoView({ block: "center" }));
    await expect(progress).toHaveText("2/8");

    await page.locator(".gallery__link").nth(1).click();
    const viewer = page.locator(".pswp");
    await expect(viewer).toBeVisible();
    expect(await fetched(page, "gallery-viewer")).toBe(true);
    await expect(viewer.locator(".pswp__counter")).toHaveText("2 / 8");
    await expect(viewer.locator(".pswp__custom-caption")).toHaveText("上午：晴空下的江北丘陵，农田一片新绿。");
    // The picture the page showed, its WebP, is the viewer's: neither the JPEG nor the thumbnail is fetched for it.
    await expect(viewer.locator('img.pswp__img[alt="上午：晴空下的江北丘陵，农田一片新绿。"]')).toHaveAttribute("src", /gallery-02\.webp$/);
    expect(await fetched(page, "gallery-02.jpg")).toBe(false);
    expect(await fetched(page, "gallery-02-thumb.webp")).toBe(false);

    // A swipe to the left shows the next picture. A swipe that lands while the opening animation still runs is
    // ignored by the viewer (as a finger's would be), so it is repeated while the counter has not moved.
    const counter = viewer.locator(".pswp__counter");
    const box = (await viewer.boundingBox())!;
    const y = box.y + box.height / 2;
    await expect(async () => {
      if ((await counter.textContent()) === "2 / 8") {
        await page.mouse.move(box.x + box.width * 0.8, y);
        await page.mouse.down();
        for (const f of [0.65, 0.5, 0.35, 0.2]) await page.mouse.move(box.x + box.width * f, y);
        await page.mouse.up();
      }
      await expect(counter).toHaveText("3 / 8", { timeout: 2_000 });
    }).toPass();
    await expect(viewer.locator(".pswp__custom-caption")).toHaveText("子夜：城郊山顶，一轮满月升起。");
    await page.keyboard.press("ArrowRight");
    await expect(viewer.locator(".pswp__counter")).toHaveText("4 / 8");

    await page.keyboard.press("Escape");
    await expect(viewer).toHaveCount(0);
  });

  test("the article page does not load the viewer", async ({ tab: page, phone }) => {
    test.skip(!phone.js, "about the JavaScript a page loads");
    await page.goto(detailUrl(SEED_FIXTURES.article, "doc"));
    await waitForHydration(page);
    expect(await fetched(page, "gallery-viewer")).toBe(false);
    expect(await fetched(page, "gallery-body")).toBe(false);
  });
});

test.describe("audio and video albums", () => {
  test("cover, description, status tag and the first 30 episodes, then load-more", async ({ tab: page, phone }) => {
    expect((await page.goto(LONG_ALBUM))?.status()).toBe(200);
    await expect(page.locator(".album__cover")).toBeVisible();
    await expect(page.locator(".album__status")).toHaveText("已完结 共36集");
    await expect(page.locator(".album__total")).toHaveText("共36集");
    const episodes = page.locator(".album__item");
    await expect(episodes).toHaveCount(30);
    await expect(page.locator(".footer-bar, #comments, #feed-hot72")).toHaveCount(0);

    if (phone.js) await waitForHydration(page, ".load-more");
    await page.locator(".load-more").click();
    await expect(episodes).toHaveCount(36);
    await expect(page.locator(".load-more")).toHaveCount(0);
    await expect(episodes.nth(35).locator(".album__index")).toHaveText("36");
    // Without JavaScript the link reloaded the page with two pages; with it the page stayed and appended.
    expect(new URL(page.url()).searchParams.get("apage")).toBe(phone.js ? null : "2");
    const titles = await episodes.locator(".album__title").allTextContents();
    expect(new Set(titles).size).toBe(36);
  });

  test("the album page shares as a CollectionPage", async ({ tab: page }) => {
    await page.goto(AUDIO_ALBUM);
    expect((await jsonLd(page))["@type"]).toBe("CollectionPage");
    await expect(page.locator('meta[property="og:image"]')).toHaveAttribute("content", /^https?:\/\//);
    await expect(page.locator(".album__status")).toHaveText("更新至4集");
  });

  test("an empty album says so", async ({ tab: page }) => {
    expect((await page.goto(EMPTY_ALBUM))?.status()).toBe(200);
    await expect(page.locator(".album__empty")).toHaveText("专辑还没有内容，敬请期待");
    await expect(page.locator(".album__status")).toHaveText("更新中");
    await expect(page.locator(".album__item, .load-more, audio")).toHaveCount(0);
  });

  test("an audio episode plays in place", async ({ tab: page, phone }) => {
    await page.goto(AUDIO_ALBUM);
    await expect(page.locator("audio")).toHaveCount(0);
    const second = page.locator(".album__link").nth(1);
    if (phone.js) await waitForHydration(page, ".album__link");
    await second.click();
    const audio = page.locator("#album-player audio");
    await expect(audio).toHaveCount(1);
    await expect(audio.locator("source")).toHaveAttribute("src", /story-lighthouse\.m4a$/);
    await expect(second).toHaveAttribute("aria-current", "true");
    await expect(page.locator(".album__now")).toHaveText("正在播放：睡前故事｜会唱歌的灯塔");
    // Without JavaScript the link reloaded the page with ?play=; with it the player swapped in place.
    expect(new URL(page.url()).searchParams.has("play")).toBe(!phone.js);
    if (!phone.js) return;
    // The tap started it: it plays without a second tap.
    await expect.poll(() => audio.evaluate((el: HTMLAudioElement) => el.currentTime)).toBeGreaterThan(0);
  });

  test("a video episode plays in place", async ({ tab: page, phone }) => {
    await page.goto(VIDEO_ALBUM);
    await expect(page.locator(".album__item")).toHaveCount(3);
    if (phone.js) await waitForHydration(page, ".album__link");
    await page.locator(".album__link").first().click();
    const video = page.locator("#album-player video");
    await expect(video).toHaveAttribute("playsinline", "");
    await expect(video).toHaveAttribute("controls", "");
    await expect(video.locator('source[type="video/mp4"]')).toHaveAttribute("src", /\.mp4$/);
    if (!phone.js) return;
    await expect.poll(() => video.evaluate((el: HTMLVideoElement) => el.currentTime)).toBeGreaterThan(0);
  });

  test("the episodes' load-more answers a page as JSON, and a bad album id is a 404 @once", async ({ request }) => {
    const page2 = await request.get(`${BASE_PATH}api/album/${urlId(SEED_FIXTURES.longAudioAlbum)}?page=2`);
    expect(page2.status()).toBe(200);
    const body = (await page2.json()) as { list: unknown[]; total: number };
    expect(body.total).toBe(36);
    expect(body.list).toHaveLength(6);
    expect((await request.get(`${BASE_PATH}api/album/not-an-id?page=1`)).status()).toBe(404);
  });
});

test.describe("special topic", () => {
  test("banner, summary and its sections as anchors, each with its cards", async ({ tab: page }) => {
    expect((await page.goto(SPECIAL))?.status()).toBe(200);
    await expect(page.locator(".special__banner")).toBeVisible();
    await expectWebpShownAsPreloaded(page, ".special__banner");
    await expect(page.locator(".special__summary")).toHaveText("新线路、新电梯、新夜市：一座老城的焕新之路。");
    const tabs = page.locator(".special__tab");
    await expect(tabs).toHaveText(["交通出行", "安居宜居", "消费文化"]);
    const sections = page.locator(".special__section");
    await expect(sections).toHaveCount(3);
    const expectedCards = [4, 3, 5];
    for (let i = 0; i < 3; i++) {
      const href = (await tabs.nth(i).getAttribute("href")) ?? "";
      expect(href).toMatch(/^#section-/);
      await expect(sections.nth(i)).toHaveAttribute("id", href.slice(1));
      await expect(sections.nth(i).locator("li.card")).toHaveCount(expectedCards[i]);
    }
    expect((await jsonLd(page))["@type"]).toBe("CollectionPage");

    // An anchor takes the visitor to its section (with or without JavaScript).
    await tabs.nth(2).click();
    await expect(page).toHaveURL(new RegExp(`${await tabs.nth(2).getAttribute("href")}$`));
    await expect(sections.nth(2).locator(".section__title")).toBeInViewport();
    // A card opens its page.
    const card = sections.nth(2).locator("li.card a").first();
    const target = (await card.getAttribute("href")) ?? "";
    await card.click();
    await expect(page).toHaveURL((url) => url.pathname === target);
    await expect(page.locator("main h1")).toBeVisible();
  });
});

test.describe("mini program", () => {
  test("the card shows the mini program, and its button asks to open the app", async ({ tab: page }) => {
    expect((await page.goto(MINI_PROGRAM))?.status()).toBe(200);
    const card = page.locator(".mp-card");
    await expect(card.locator(".mp-card__name")).toHaveText("临江政务服务");
    await expect(card.locator(".mp-card__title")).toHaveText("临江政务服务：社保、公积金一站查");
    await expect(card.locator(".mp-card__cover")).toBeVisible();
    await expectWebpShownAsPreloaded(page, ".mp-card__cover");
    await expect(page.getByRole("link", { name: "访问网页版" })).toHaveAttribute("href", "https://www.example.com/linjiang-gov/");

    const dialog = page.locator("#app-open");
    await expect(dialog).toBeHidden();
    await page.getByRole("link", { name: "打开小程序" }).click();
    await expect(dialog).toBeVisible();
    await dialog.getByRole("link", { name: "再考虑下" }).click();
    await expect(dialog).toBeHidden();
  });
});

test.describe("link content", () => {
  test("opens its http(s) target; a javascript: target is a 404 page, never followed", async ({ tab: page, request }) => {
    const link = await request.get(detailUrl(SEED_FIXTURES.link, "doc"), { maxRedirects: 0 });
    expect(link.status()).toBe(302);
    expect(link.headers().location).toBe("https://www.example.org/linjiang/minsheng-2026");

    for (const segment of ["doc", "gallery", "special"]) {
      const hostile = await request.get(detailUrl(SEED_FIXTURES.hostileLink, segment), { maxRedirects: 0 });
      expect(hostile.status()).toBe(404);
      expect(hostile.headers().location).toBeUndefined();
    }
    const response = await page.goto(detailUrl(SEED_FIXTURES.hostileLink, "doc"));
    expect(response?.status()).toBe(404);
    await expect(page.locator('a[href^="javascript:" i]')).toHaveCount(0);
  });
});
