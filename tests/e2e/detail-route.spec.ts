import { expect, test } from "./support/test";
import { SEED_FIXTURES, SITE_NAME } from "../../platform/seed";
import { BASE_PATH } from "../../app/lib/base-path";
import { waitForHydration } from "./support/hydration";
import { fromOwnPage } from "./support/login";
import { detailUrl, urlId } from "./support/urls";

type Case = {
  name: keyof typeof SEED_FIXTURES;
  segment: string;
  /** Spec section 2: the comment footer is hidden for audio_album, svideo, special and local_live. */
  footer: boolean;
  /** Spec section 2: the bottom components are hidden for gallery, audio_album, svideo, special and local_live. */
  bottom: boolean;
  og: string;
  schema: string;
};

const CASES: Case[] = [
  { name: "article", segment: "doc", footer: true, bottom: true, og: "article", schema: "NewsArticle" },
  { name: "video", segment: "video", footer: true, bottom: true, og: "video.other", schema: "VideoObject" },
  { name: "svideo", segment: "svideo", footer: false, bottom: false, og: "video.other", schema: "VideoObject" },
  { name: "audio", segment: "audio", footer: true, bottom: true, og: "music.song", schema: "AudioObject" },
  { name: "gallery", segment: "gallery", footer: true, bottom: false, og: "article", schema: "ImageGallery" },
  { name: "videoAlbum", segment: "video_album", footer: true, bottom: true, og: "website", schema: "CollectionPage" },
  { name: "audioAlbum", segment: "audio_album", footer: false, bottom: false, og: "music.album", schema: "CollectionPage" },
  { name: "emptyAudioAlbum", segment: "audio_album", footer: false, bottom: false, og: "music.album", schema: "CollectionPage" },
  { name: "miniProgram", segment: "mini_program", footer: true, bottom: true, og: "website", schema: "WebPage" },
  { name: "localLive", segment: "local_live", footer: false, bottom: false, og: "video.other", schema: "VideoObject" },
  { name: "special", segment: "special", footer: false, bottom: false, og: "website", schema: "CollectionPage" },
];

const dbId = (name: Case["name"]) => SEED_FIXTURES[name] as number;

test.describe("one detail route for every content type", () => {
  for (const c of CASES) {
    test(`${c.name} opens at /${c.segment}/ with its layout and share metadata @once`, async ({ tab: page }) => {
      const response = await page.goto(detailUrl(dbId(c.name), c.segment));
      expect(response?.status()).toBe(200);
      const headline = (await page.locator("main h1").first().textContent())?.trim() ?? "";
      expect(headline).not.toBe("");
      await expect(page).toHaveTitle(`${headline} - ${SITE_NAME}`);

      await expect(page.locator(".footer-bar")).toHaveCount(c.footer ? 1 : 0);
      // The comments list goes with the comment bar (a gallery has both), the bottom lists with the layout's flag.
      await expect(page.locator("#comments")).toHaveCount(c.footer ? 1 : 0);
      await expect(page.locator("#feed-hot72, #feed-recommend")).toHaveCount(c.bottom ? 2 : 0);
      if (c.footer) await expect(page.locator(".footer-bar")).toHaveClass(c.segment === "gallery" ? /footer-bar--gallery/ : /^footer-bar$/);

      await expect(page.locator('meta[property="og:type"]')).toHaveAttribute("content", c.og);
      await expect(page.locator('meta[property="og:title"]')).toHaveAttribute("content", headline);
      const canonical = await page.locator('link[rel="canonical"]').getAttribute("href");
      expect(new URL(canonical ?? "").pathname).toBe(detailUrl(dbId(c.name), c.segment));
      const jsonLd = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent()) ?? "{}");
      expect(jsonLd).toMatchObject({ "@context": "https://schema.org", "@type": c.schema });
    });
  }

  test("the special-topic home also answers at /special/{id}/index", async ({ tab: page }) => {
    const response = await page.goto(`${BASE_PATH}special/${urlId(SEED_FIXTURES.special)}/index`);
    expect(response?.status()).toBe(200);
    await expect(page.locator('script[type="application/ld+json"]')).toHaveCount(1);
    await expect(page.locator(".footer-bar")).toHaveCount(0);
    // One canonical address for the topic, whichever of its URLs was opened.
    const canonical = await page.locator('link[rel="canonical"]').getAttribute("href");
    expect(new URL(canonical ?? "").pathname).toBe(detailUrl(SEED_FIXTURES.special, "special"));
  });
});

test.describe("detail URLs that are not the content's page", () => {
  test("a segment that does not match the content's type answers 301 to the right one, query kept @once", async ({ request }) => {
    for (const [name, segment] of [
      ["video", "video"],
      ["gallery", "gallery"],
      ["special", "special"],
      ["article", "doc"],
    ] as const) {
      const wrong = name === "article" ? detailUrl(dbId(name), "video") : detailUrl(dbId(name), "doc");
      const response = await request.get(`${wrong}?from=singlemessage`, { maxRedirects: 0 });
      expect(response.status(), wrong).toBe(301);
      const location = new URL(response.headers().location ?? "", "http://x");
      expect(location.pathname).toBe(detailUrl(dbId(name), segment));
      expect(location.search).toBe("?from=singlemessage");
    }
  });

  test("a type segment the site does not know is a 404 @once", async ({ request }) => {
    for (const segment of ["podcast", "article", "link", "h5", "topic"]) {
      const response = await request.get(`${BASE_PATH}news/${segment}/2026/11/${urlId(SEED_FIXTURES.article)}/index.html`, { maxRedirects: 0 });
      expect(response.status(), segment).toBe(404);
    }
  });

  test("an id with no content, or one that does not decode, is a 404 on every type's route @once", async ({ request }) => {
    for (const segment of ["video", "gallery", "audio_album"]) {
      expect((await request.get(detailUrl(99_999, segment), { maxRedirects: 0 })).status()).toBe(404);
      expect((await request.get(`${BASE_PATH}news/${segment}/2026/11/zzzzzzzz/index.html`, { maxRedirects: 0 })).status()).toBe(404);
    }
  });

  test("the last segment must be the one the type's page requires @once", async ({ request }) => {
    expect((await request.get(detailUrl(dbId("video"), "video").replace(/index\.html$/, "index"), { maxRedirects: 0 })).status()).toBe(404);
    expect((await request.get(`${detailUrl(dbId("special"), "special")}.html`, { maxRedirects: 0 })).status()).toBe(404);
  });

  test("link content opens its http(s) target @once", async ({ request }) => {
    for (const segment of ["doc", "video"]) {
      const response = await request.get(detailUrl(SEED_FIXTURES.link, segment), { maxRedirects: 0 });
      expect(response.status()).toBe(302);
      expect(response.headers().location).toBe("https://www.example.org/linjiang/minsheng-2026");
    }
  });
});

test.describe("a page never lists itself", () => {
  test("编辑推荐 and 72小时热点 leave out the page being read", async ({ tab: page }) => {
    // The newest recommended article, and the most viewed one of the last 72 hours.
    for (const id of [SEED_FIXTURES.latest, SEED_FIXTURES.manyComments]) {
      await page.goto(detailUrl(id, "doc"));
      const self = `li.card a[href*="/${urlId(id)}/"]`;
      await expect(page.locator(`#feed-recommend, #feed-hot72`).first()).toBeVisible();
      await expect(page.locator(`#feed-recommend ${self}, #feed-hot72 ${self}, #related-title ~ ul ${self}`)).toHaveCount(0);
    }
  });

  test("the load-more pages leave it out too @once", async ({ request }) => {
    const latest = urlId(SEED_FIXTURES.latest);
    const listed = async (kind: string, exclude: string) => {
      const response = await request.get(`${BASE_PATH}api/feed/${kind}?page=1&exclude=${exclude}`);
      expect(response.status()).toBe(200);
      return ((await response.json()) as { list: Array<{ post_id: string }> }).list.map((c) => c.post_id);
    };
    expect(await listed("recommend", "")).toContain(latest);
    expect(await listed("recommend", latest)).not.toContain(latest);
    const top = urlId(SEED_FIXTURES.manyComments);
    expect(await listed("hot72", "")).toContain(top);
    expect(await listed("hot72", top)).not.toContain(top);
    // Something that is not a post id excludes nothing, and is not an error.
    expect(await listed("recommend", "x".repeat(200))).toContain(latest);
  });
});

test.describe("one interaction action for every type", () => {
  test("collect on a video page goes through the shared action: logged out, it asks for a login first", async ({ page, phone }) => {
    const url = detailUrl(SEED_FIXTURES.video, "video");
    await page.goto(url);
    const collect = page.locator(".footer-bar button[value=collect]");
    await expect(collect).toHaveAttribute("aria-pressed", "false");
    if (!phone.js) {
      await collect.click();
      await expect(page).toHaveURL((current) => current.pathname === `${BASE_PATH}auth` && current.searchParams.get("redirect") === url);
    } else {
      // The video body is its own chunk: hydration waits for it, and a tap before that would be a plain form post.
      await waitForHydration(page, ".footer-bar");
      const answered = page.waitForResponse((response) => response.request().method() === "POST" && new URL(response.url()).pathname.startsWith(url));
      await collect.click();
      // The action's answer, then the sheet it opens: a failure says which of the two did not come.
      expect((await answered).status()).toBe(200);
      await expect(page.locator(".sheet")).toBeVisible();
    }
  });

  test("a type without a comment footer refuses comments and collects, but follows its account", async ({ page }) => {
    const url = detailUrl(SEED_FIXTURES.svideo, "svideo");
    await page.goto(url);
    const csrf = await page.locator("form.follow input[name=csrf]").inputValue();
    const comment = await page.request.post(url, {
      form: { csrf, intent: "comment", content: "你好", track_id: "" },
      headers: fromOwnPage(),
      maxRedirects: 0,
    });
    expect(comment.status()).toBe(400);
    const follow = await page.request.post(url, { form: { csrf, intent: "follow", mp: "x", type: "add" }, headers: fromOwnPage(), maxRedirects: 0 });
    // Logged out: the follow is remembered and the visitor sent to log in.
    expect(follow.status()).toBe(302);
    expect(new URL(follow.headers().location ?? "", "http://x").pathname).toBe(`${BASE_PATH}auth`);
  });
});
