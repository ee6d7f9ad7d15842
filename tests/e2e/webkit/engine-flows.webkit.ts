import type { APIRequestContext } from "@playwright/test";
import { SEED_FIXTURES } from "../../../platform/seed";
import { median } from "../../../scripts/bench/constants";
import { EDITOR_ARTICLES, EDITOR_FIXTURES } from "../../../platform/seed-editor-articles";
import { LIVE_FIXTURES } from "../../../platform/seed-live";
import { E2E_APP_LINKS, E2E_ORIGIN } from "../support/e2e-server";
import { authUrl, DEMO_ACCOUNT, formattedPhone, newUserStorageState, readSmsCode, TEXTS, uniquePhone } from "../support/login";
import { SPEC_ROUTES } from "../support/spec-routes";
import { articleUrl, detailUrl } from "../support/urls";
import { expect, test, type WebKitPage } from "../support/webkit";

/**
 * What differs by engine, in WebKit: every page type hydrating without errors, logging in, comments,
 * collect and follow, opening the app, media, the gallery viewer, live chat and likes over the event stream, dark
 * pages, search, the service worker. One browser session for the file: the tests run in order and share its login.
 */
test.describe.configure({ mode: "serial" });

/**
 * Where the visitor writes (comments, collects): a seeded article no Chromium spec counts comments or collects on;
 * this file's user is new.
 */
const ARTICLE = articleUrl(EDITOR_FIXTURES.mpEditor);
const ARTICLE_TITLE = EDITOR_ARTICLES.find((article) => article.id === EDITOR_FIXTURES.mpEditor)!.title;
const AVATAR = ".banner__login .avatar";
const liveUrl = (contentId: number, query = "") => detailUrl(contentId, "local_live") + query;

/** The page's scripts start once its hero is painted, after the load event the driver returns at: wait for them. */
async function expectNoPageErrors(webkit: WebKitPage) {
  await webkit.poll(() => webkit.pageErrors(), "page errors (null: the entry script has not run)").not.toBeNull();
  expect(await webkit.pageErrors()).toEqual([]);
}

const unique = (prefix: string) => `${prefix}${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

test("every page type renders and hydrates without page errors", async ({ webkit }) => {
  test.setTimeout(180_000);
  for (const route of SPEC_ROUTES) {
    await test.step(route.route, async () => {
      await webkit.goto(route.url);
      await webkit.waitForHydrationCommitted();
      await expectNoPageErrors(webkit);
      // A phone stays on the phone page: only the /pc route is the desktop wrapper.
      expect(new URL(await webkit.browser.getUrl()).pathname).toBe(new URL(route.url, E2E_ORIGIN).pathname);
    });
  }
});

test("password login on /auth returns to the page logged in", async ({ webkit }) => {
  await webkit.browser.deleteCookies();
  await webkit.goto(authUrl(ARTICLE, "pass"));
  await webkit.waitForHydration("form.login");
  await webkit.type("form.login input[name=phone]", DEMO_ACCOUNT.phone);
  await webkit.type("form.login input[name=password]", DEMO_ACCOUNT.password);
  await webkit.click("form.login input[name=agreed]");
  await webkit.click("form.login button.login__submit");
  await webkit.count(AVATAR).toBe(1);
  await webkit.poll(async () => new URL(await webkit.browser.getUrl()).pathname, "back on the article").toBe(ARTICLE);
  await expectNoPageErrors(webkit);
});

test("the login sheet: focused phone field, 3-4-4 formatting, login by code", async ({ webkit, request }) => {
  await webkit.browser.deleteCookies();
  await webkit.goto(ARTICLE);
  await webkit.waitForHydration(".banner__login");
  await webkit.click(".banner__login");
  await webkit.count(".sheet form.login").toBe(1);
  await webkit.poll(() => webkit.evaluate(() => document.activeElement?.getAttribute("name") ?? null), "focus in the sheet").toBe("phone");

  const phone = uniquePhone();
  // Key by key into the focused field, as a thumb types.
  await webkit.typeFocused([...phone]);
  await webkit
    .poll(() => webkit.evaluate(() => document.querySelector<HTMLInputElement>(".sheet input[name=phone]")!.value), "phone field")
    .toBe(formattedPhone(phone));
  await webkit.click(".sheet input[name=agreed]");
  await webkit.click(".sheet button[value=send-code]");
  await webkit.text(".toast").toBe(TEXTS.codeSent);
  await webkit.type(".sheet input[name=code]", await readSmsCode(request, phone));
  await webkit.click(".sheet button.login__submit");
  await webkit.text(".toast").toBe(TEXTS.loginSuccess);
  await webkit.count(AVATAR).toBe(1);
  await expectNoPageErrors(webkit);
});

test("comment and reply without a reload", async ({ webkit }) => {
  await webkit.goto(ARTICLE);
  await webkit.waitForHydration("#comment-input");
  await webkit.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));

  const text = unique("WebKit评论");
  await webkit.type("#comment-input", text);
  await webkit.click(".footer-bar__form button[type=submit]");
  await webkit.text(".toast").toBe(TEXTS.commentSent);
  const commentId = () =>
    webkit.evaluate(
      (t) =>
        [...document.querySelectorAll("#comments li.comment")].find((li) => li.querySelector(".comment__content")?.textContent === t)?.id ?? null,
      text,
    );
  await webkit.poll(commentId, "the new comment").toMatch(/^c-/);
  const id = (await commentId())!;

  await webkit.click(`#${id} > .comment__main > .comment__meta .comment__reply`);
  await webkit.poll(() => webkit.evaluate(() => document.activeElement?.id ?? null), "the input is focused for the reply").toBe("comment-input");
  const reply = unique("WebKit回复");
  await webkit.typeFocused([...reply]);
  await webkit.click(".footer-bar__form button[type=submit]");
  await webkit
    .poll(
      () =>
        webkit.evaluate(
          (parent) => [...document.querySelectorAll(`#${parent} ul.replies .comment__content`)].map((node) => node.textContent ?? ""),
          id,
        ),
      "the reply under its comment",
    )
    .toContainEqual(expect.stringContaining(reply));
  expect(await webkit.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
  await expectNoPageErrors(webkit);
});

test("collect and follow", async ({ webkit }) => {
  await webkit.goto(ARTICLE);
  const collect = ".footer-bar button[value=collect]";
  const follow = ".article__meta button[value=follow]";
  await webkit.waitForHydration(collect);
  await webkit.attribute(collect, "aria-pressed").toBe("false");
  await webkit.click(collect);
  await webkit.text(".toast").toBe(TEXTS.collected);
  await webkit.attribute(collect, "aria-pressed").toBe("true");

  await webkit.attribute(follow, "aria-pressed").toBe("false");
  await webkit.click(follow);
  await webkit.text(".toast").toBe(TEXTS.followed);
  await webkit.attribute(follow, "aria-pressed").toBe("true");

  // Both are kept by the platform, not only on screen.
  await webkit.goto(ARTICLE);
  await webkit.attribute(collect, "aria-pressed").toBe("true");
  await webkit.attribute(follow, "aria-pressed").toBe("true");
  await expectNoPageErrors(webkit);
});

test("打开APP tries the universal link, and the footer's dialog offers the app", async ({ webkit }) => {
  await webkit.goto(ARTICLE);
  await webkit.waitForHydration(".banner__open");
  // A capturing listener sees where the launcher's link points and keeps the page here.
  await webkit.evaluate((host) => {
    const launches: string[] = ((window as unknown as { __launches: string[] }).__launches = []);
    document.addEventListener(
      "click",
      (event) => {
        const link = event.target instanceof Element ? event.target.closest("a") : null;
        if (link && new URL(link.href, location.href).host === host) {
          launches.push(link.href);
          event.preventDefault();
        }
      },
      true,
    );
  }, new URL(E2E_APP_LINKS.universal).host);
  await webkit.click(".banner__open");
  await webkit
    .poll(() => webkit.evaluate(() => (window as unknown as { __launches: string[] }).__launches), "launch attempts")
    .toEqual([expect.stringMatching(new RegExp(`^${E2E_APP_LINKS.universal}\\?`))]);

  await webkit.goto(ARTICLE);
  await webkit.waitForHydration(".footer-bar__action[href='#app-open']");
  await webkit.click(".footer-bar__action[href='#app-open']");
  await webkit.poll(() => webkit.$(".app-open").isDisplayed(), "the open-app dialog").toBe(true);
  await webkit.text(".app-open__title").toBe("打开APP，查看更多精彩内容");
  await expectNoPageErrors(webkit);
});

/** Whether WebKit's GStreamer build can play the type; a build without the codec still must offer the source. */
const canPlay = (webkit: WebKitPage, type: string) => webkit.evaluate((t) => document.createElement("video").canPlayType(t) !== "", type);

/** Starts the page's media element and waits for it to advance, where this build has the codec. */
async function playsWherePossible(webkit: WebKitPage, selector: string, type: string) {
  if (!(await canPlay(webkit, type))) return;
  await webkit.evaluate((sel) => {
    const media = document.querySelector<HTMLMediaElement>(sel)!;
    media.muted = true;
    void media.play();
  }, selector);
  await webkit
    .poll(() => webkit.evaluate((sel) => document.querySelector<HTMLMediaElement>(sel)!.currentTime, selector), `${selector} plays`)
    .toBeGreaterThan(0);
}

test("video and audio: their elements and sources, playing where the codecs allow", async ({ webkit, request }) => {
  await webkit.goto(detailUrl(SEED_FIXTURES.video, "video"));
  await webkit.waitForHydration("main video");
  expect(await webkit.evaluate(() => [...document.querySelectorAll("main video source")].map((s) => s.getAttribute("type")))).toEqual([
    "video/mp4",
    "application/vnd.apple.mpegurl",
  ]);
  await playsWherePossible(webkit, "main video", "video/mp4");

  await webkit.goto(detailUrl(SEED_FIXTURES.audio, "audio"));
  await webkit.waitForHydration("main audio");
  const audioSrc = () =>
    webkit.evaluate(
      () => document.querySelector<HTMLMediaElement>("main audio")!.currentSrc || document.querySelector("main audio")!.getAttribute("src"),
    );
  await webkit.poll(audioSrc, "the audio's source").toMatch(/^http/);
  // The file's own type, as its server gives it (the seed's audio is AAC in MP4): what this build must decode.
  const audioType = (await request.head(String(await audioSrc()))).headers()["content-type"];
  expect(audioType).toMatch(/^audio\//);
  await playsWherePossible(webkit, "main audio", audioType);
  await expectNoPageErrors(webkit);
});

/**
 * How much longer than the article a media page may take to hydrate, from the start of its navigation, the median of
 * three loads each. Generous: on an idle machine about 1.5, and both under a second (docs/benchmarks.md).
 */
const MEDIA_HYDRATION_BOUND = 3;

test("video and audio pages hydrate about as soon as an article", async ({ webkit }) => {
  test.setTimeout(120_000);
  const pages = { article: ARTICLE, video: detailUrl(SEED_FIXTURES.video, "video"), audio: detailUrl(SEED_FIXTURES.audio, "audio") };
  const times: Record<keyof typeof pages, number[]> = { article: [], video: [], audio: [] };
  // In rounds, so that a burst of load on the machine falls on every page alike.
  for (let round = 0; round < 3; round++) {
    for (const [name, url] of Object.entries(pages) as [keyof typeof pages, string][]) {
      await webkit.goto(url);
      times[name].push(Math.round(await webkit.hydrationTime()));
    }
  }
  const article = median(times.article);
  // The figures themselves, for the report: the bound is relative, since an absolute one would fail on a busy machine.
  test.info().annotations.push({ type: "hydration (ms from the start of the navigation)", description: JSON.stringify(times) });
  for (const name of ["video", "audio"] as const) {
    expect(median(times[name]) / article, `${name} ${times[name].join(", ")} ms against the article's ${times.article.join(", ")} ms`).toBeLessThan(
      MEDIA_HYDRATION_BOUND,
    );
  }
  await expectNoPageErrors(webkit);
});

test("the gallery viewer opens on the tapped picture", async ({ webkit }) => {
  await webkit.goto(detailUrl(SEED_FIXTURES.gallery, "gallery"));
  await webkit.waitForHydration(".gallery__link");
  await webkit.click(".gallery__item:nth-child(2) .gallery__link");
  await webkit.poll(() => webkit.$(".pswp").isDisplayed(), "PhotoSwipe open").toBe(true);
  const pictures = await webkit.evaluate(() => document.querySelectorAll(".gallery__item").length);
  await webkit.text(".pswp__counter").toBe(`2 / ${pictures}`);
  await expectNoPageErrors(webkit);
});

/** Sends a chat message as another visitor, through the page's own form (its CSRF token), without a browser. */
async function chatAsAnotherVisitor(request: APIRequestContext, url: string, text: string) {
  // Logs the request context in as a new user.
  await newUserStorageState(request);
  const html = await (await request.get(url)).text();
  const field = (name: string) => html.match(new RegExp(`name="${name}" value="([^"]*)"`))?.[1] ?? "";
  const sent = await request.post(url, {
    form: { csrf: field("csrf"), intent: "live_chat", live_id: field("live_id"), content: text },
    headers: { origin: E2E_ORIGIN },
    maxRedirects: 0,
  });
  expect(sent.status(), await sent.text()).toBeLessThan(400);
}

test("live: chat and likes over the event stream", async ({ webkit, request }) => {
  const url = liveUrl(LIVE_FIXTURES.landscapeLiveContent, "?col=chat");
  await webkit.goto(url);
  await webkit.waitForHydration("#live-chat-input");
  const mine = unique("WebKit直播留言");
  await webkit.type("#live-chat-input", mine);
  await webkit.click(".live-chat-form__send");
  const shown = (text: string) =>
    webkit.evaluate((t) => [...document.querySelectorAll(".live-message")].filter((m) => m.textContent?.includes(t)).length, text);
  await webkit.poll(() => shown(mine), "my message, once").toBe(1);

  // Another visitor's message reaches this page only through the stream.
  const theirs = unique("来自另一位观众");
  await chatAsAnotherVisitor(request, url, theirs);
  await webkit.poll(() => shown(theirs), "their message over the stream").toBe(1);
  expect(await shown(mine)).toBe(1);

  await webkit.goto(liveUrl(LIVE_FIXTURES.portraitLiveContent));
  await webkit.waitForHydration(".live-like__button");
  // The count is rounded (2.5w): a tap shows as a new heart.
  await webkit.evaluate(() => ((document.querySelector(".live-like__heart") as unknown as { __old: boolean }).__old = true));
  await webkit.click(".live-like__button");
  await webkit
    .poll(() => webkit.evaluate(() => !(document.querySelector(".live-like__heart") as unknown as { __old?: boolean }).__old), "a new heart")
    .toBe(true);
  await expectNoPageErrors(webkit);
});

test("the app's dark=1: dark in WebKit, kept through a navigation in the page and a page loaded whole", async ({ webkit }) => {
  const background = () => webkit.evaluate(() => getComputedStyle(document.body).backgroundColor);
  // app.css: --bg of the dark scheme.
  const dark = "rgb(20, 21, 24)";
  await webkit.goto("/davmu/share/?dark=1");
  expect(await background()).toBe(dark);
  expect(await webkit.evaluate(() => getComputedStyle(document.documentElement).colorScheme)).toBe("dark");
  await webkit.waitForHydration(".card-list");
  // A navigation in the page, through the transition where WebKit has one: the root renders again without the flag.
  const target = await webkit.evaluate(() => document.querySelector(".card-list a.card__link[href*='/doc/']")?.getAttribute("href") ?? "");
  await webkit.click(`.card-list a.card__link[href="${target}"]`);
  await webkit.poll(async () => new URL(await webkit.browser.getUrl()).pathname, "the article opened in the page").toBe(target);
  await webkit.count("h1.article__title").toBe(1);
  expect(await background()).toBe(dark);
  await webkit.goto(detailUrl(SEED_FIXTURES.gallery, "gallery"));
  expect(await background()).toBe(dark);
  await expectNoPageErrors(webkit);
});

test("search", async ({ webkit }) => {
  await webkit.goto("/davmu/share/search/index");
  await webkit.waitForHydration("form[role=search]");
  await webkit.type("form[role=search] input[type=search]", "老街 夜市");
  await webkit.click("form[role=search] button[type=submit]");
  await webkit.text("#results-title").toMatch(/^找到 \d+ 条与“老街 夜市”相关的内容$/);
  await webkit.text("li.card h3").toBe("老街夜市重新开张 首周客流超二十万人次");
  await expectNoPageErrors(webkit);
});

test("the service worker registers, and serves the offline page without a network", async ({ webkit }) => {
  await webkit.goto(ARTICLE);
  await webkit
    .poll(() => webkit.evaluate(() => navigator.serviceWorker?.controller?.scriptURL ?? null), "a controlling worker")
    .toMatch(/\/davmu\/share\/sw\.js$/);
  webkit.network.setOffline(true);
  // An address no cache holds (the browser's HTTP cache may answer a reload of a page it has without the worker).
  const unvisited = `${ARTICLE}?offline=${Date.now()}`;
  await webkit.goto(unvisited);
  await webkit.text("h1").toBe("网络不可用");
  webkit.network.setOffline(false);
  await webkit.browser.refresh();
  await webkit.poll(() => webkit.evaluate(() => document.querySelector("h1")?.textContent ?? null), "the article again").toBe(ARTICLE_TITLE);
});
