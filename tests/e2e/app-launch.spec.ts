import { type Page } from "@playwright/test";
import { expect, test } from "./support/test";
import { LAUNCH_TIMEOUT_MS } from "../../app/lib/app-launch";
import { SEED_FIXTURES } from "../../platform/seed";
import { E2E_APP_LINKS } from "./support/e2e-server";
import { waitForHydration } from "./support/hydration";
import type { Phone } from "./support/phones";
import { STATS_VISITOR_BROWSER, type VisitorStats } from "./support/stats-visitor";
import { articleUrl, urlId } from "./support/urls";

/**
 * Opening the app: each phone profile takes its own launch path, intercepted rather than executed
 * (a capturing click listener stops the launcher's link and records where it pointed); a page that goes hidden
 * counts as opened; a page that stays visible goes to the platform's download address; nothing the launcher
 * listened with or waited on is left behind; a second tap during an attempt launches nothing; and the funnel
 * statistics reach the collector.
 */

const DOWNLOAD = "https://www.example.com/davmu/download";
const ARTICLE = articleUrl(SEED_FIXTURES.article);
const ARTICLE_ID = urlId(SEED_FIXTURES.article);
const SCHEME = "davmu";
const ANDROID_PACKAGE = "com.davmu.news";

/** Where a browser's tap must go on each system, given the app-open query the page carries. */
const LAUNCH_URL: Record<Phone["os"], (query: string) => string> = {
  ios: (query) => `${E2E_APP_LINKS.universal}?${query}`,
  harmony: (query) => `${E2E_APP_LINKS.harmony}?${query}`,
  android: (query) =>
    `intent://open?${query}#Intent;scheme=${SCHEME};package=${ANDROID_PACKAGE};S.browser_fallback_url=${encodeURIComponent(`${DOWNLOAD}?${query}`)};end`,
};

// The funnel test reads the statistics of its own new user, and the beacons of a leaving page must reach the site.
test.use(STATS_VISITOR_BROWSER);

/**
 * Before any page script: stops and records launches (intent:, the scheme, the app's link host) and the page's push
 * events, and keeps count of the listeners on the window and document for the events the launcher watches, and of
 * its pending timers.
 */
async function interceptLaunches(page: Page) {
  await page.addInitScript(
    ({ scheme, linkHost, timeoutMs }) => {
      const w = window as unknown as Record<string, unknown>;
      const launches: string[] = [];
      w.__launches = launches;
      const pushes: string[] = [];
      w.__pushes = pushes;
      window.addEventListener("share:push", (event) => pushes.push(String((event as CustomEvent).detail)));
      document.addEventListener(
        "click",
        (event) => {
          const link = event.target instanceof Element ? event.target.closest("a") : null;
          if (!link) return;
          const url = new URL(link.href, location.href);
          if (url.protocol === "intent:" || url.protocol === `${scheme}:` || url.host === linkHost) {
            launches.push(link.href);
            event.preventDefault();
          }
        },
        true,
      );

      const watched = new Set(["visibilitychange", "pagehide", "focus", "blur", "pageshow"]);
      const active: [EventTarget, string, unknown][] = [];
      const add = EventTarget.prototype.addEventListener;
      const remove = EventTarget.prototype.removeEventListener;
      EventTarget.prototype.addEventListener = function (this: EventTarget, type: string, listener: unknown, options?: unknown) {
        if ((this === window || this === document) && watched.has(type)) active.push([this, type, listener]);
        return add.call(this, type, listener as EventListener, options as AddEventListenerOptions);
      };
      EventTarget.prototype.removeEventListener = function (this: EventTarget, type: string, listener: unknown, options?: unknown) {
        const index = active.findIndex(([target, kind, fn]) => target === this && kind === type && fn === listener);
        if (index >= 0) active.splice(index, 1);
        return remove.call(this, type, listener as EventListener, options as EventListenerOptions);
      };
      w.__listeners = () => active.map(([target, type]) => `${target === window ? "window" : "document"}:${type}`).sort();

      const pending = new Set<number>();
      const setTimer = window.setTimeout.bind(window);
      const clearTimer = window.clearTimeout.bind(window);
      window.setTimeout = ((handler: TimerHandler, ms?: number, ...rest: unknown[]) => {
        const id: number = setTimer(
          (...args: unknown[]) => {
            pending.delete(id);
            if (typeof handler === "function") handler(...args);
          },
          ms,
          ...rest,
        );
        if (ms === timeoutMs) pending.add(id);
        return id;
      }) as typeof window.setTimeout;
      window.clearTimeout = ((id?: number) => {
        if (id !== undefined) pending.delete(id);
        clearTimer(id);
      }) as typeof window.clearTimeout;
      w.__launchTimers = () => pending.size;
    },
    { scheme: SCHEME, linkHost: new URL(E2E_APP_LINKS.universal).host, timeoutMs: LAUNCH_TIMEOUT_MS },
  );
}

const pushes = (page: Page) => page.evaluate(() => (window as unknown as { __pushes: string[] }).__pushes.slice());
const launches = (page: Page) => page.evaluate(() => (window as unknown as { __launches: string[] }).__launches.slice());
const listeners = (page: Page) => page.evaluate(() => (window as unknown as { __listeners: () => string[] }).__listeners());
const launchTimers = (page: Page) => page.evaluate(() => (window as unknown as { __launchTimers: () => number }).__launchTimers());

/** The download page, answered here: the platform's download address is not on this machine. */
async function serveDownloadPage(page: Page, mode: "fulfill" | "abort" = "fulfill") {
  await page.route(`${DOWNLOAD}**`, (route) =>
    mode === "abort" ? route.abort("aborted") : route.fulfill({ contentType: "text/html", body: "<!doctype html><title>下载APP</title>" }),
  );
}

/** The app-open query of the article page, checked against what the page is, in the order the launcher writes it. */
async function articleQuery(page: Page): Promise<string> {
  const canonical = await page.locator('link[rel="canonical"]').getAttribute("href");
  const href = new URL((await page.locator(".banner__open").getAttribute("href"))!);
  expect(href.origin + href.pathname).toBe(DOWNLOAD);
  const params = href.searchParams;
  expect(Object.fromEntries(params)).toMatchObject({ stype: "docDetailspage", post_id: ARTICLE_ID, type: "article", content_link: canonical });
  return [...params].map(([key, value]) => `${key}=${encodeURIComponent(value)}`).join("&");
}

async function openArticle(page: Page) {
  await page.goto(ARTICLE);
  await waitForHydration(page, ".banner__open");
}

test.describe("the launch path per browser", () => {
  test.skip(({ phone }) => !phone.js || phone.wechat, "a browser that launches the app (WeChat shows its guide instead)");

  test("打开APP takes this browser's path, and a page still visible goes to the download address", async ({ page, phone }) => {
    await interceptLaunches(page);
    await serveDownloadPage(page);
    await openArticle(page);
    const query = await articleQuery(page);

    await page.locator(".banner__open").click();
    await expect.poll(() => launches(page)).toEqual([LAUNCH_URL[phone.os](query)]);
    // Spec section 1: outside Android's and Harmony's WeChat, pressing 打开APP emits the openApp push.
    expect(await pushes(page)).toEqual(["openApp"]);
    // Nothing took the page away: the attempt failed and the visitor is sent to download the app.
    await page.waitForURL(`${DOWNLOAD}?${query}`);
  });
});

test.describe("WeChat, per system (spec section 1)", () => {
  test.skip(({ phone }) => !phone.wechat || phone.miniProgram, "WeChat's browser");

  test("on Android 打开APP shows the launch tips and nothing else; on iOS it emits openApp and goes to the download address", async ({
    page,
    phone,
  }) => {
    await interceptLaunches(page);
    // Refused, so the page stays to be looked at after it asked for the download address.
    await serveDownloadPage(page, "abort");
    await openArticle(page);
    const query = await articleQuery(page);
    if (phone.os === "ios") {
      // No open tag took the tap (WeChat is not configured here); schemes and links are blocked: the download address.
      const download = page.waitForRequest(`${DOWNLOAD}?${query}`);
      await page.locator(".banner__open").click();
      await download;
      expect(await pushes(page)).toEqual(["openApp"]);
      expect(await launches(page)).toEqual([]);
      await expect(page.getByRole("dialog", { name: /在.*打开/ })).toHaveCount(0);
      return;
    }
    await page.locator(".banner__open").click();
    const tips = page.getByRole("dialog", { name: /在浏览器打开/ });
    await expect(tips).toBeVisible();
    expect(await pushes(page)).toEqual([]);
    await tips.getByRole("button", { name: "知道了" }).click();
    await expect(tips).toBeHidden();
    expect(await launches(page)).toEqual([]);
    await expect(page).toHaveURL(new RegExp(`${ARTICLE_ID}/index\\.html`));
  });
});

// The launcher's watching is the same on every browser that launches: once, on Android.
test.describe("one attempt at a time, decided by the page hiding @once", () => {
  test.use({ storageState: ({ fileUser }, use) => use(fileUser.storageState) });

  /** The visitor's funnel on the article since `start` (other tests of this block launch from it too). */
  const funnel = async (visitorStats: VisitorStats, start = { attempts: 0, opened: 0, fell_back: 0 }) => {
    const row = (await visitorStats()).find((candidate) => candidate.content_id === ARTICLE_ID);
    return {
      attempts: (row?.attempts ?? 0) - start.attempts,
      opened: (row?.opened ?? 0) - start.opened,
      fell_back: (row?.fell_back ?? 0) - start.fell_back,
    };
  };

  /**
   * The article, with launches intercepted and the download address refused (the page stays to be looked at), once
   * statistics have started with listeners of their own (1 s after load): the launcher's are counted from then on.
   */
  async function readyToWatch(page: Page) {
    await interceptLaunches(page);
    await serveDownloadPage(page, "abort");
    await openArticle(page);
    const query = await articleQuery(page);
    await expect.poll(() => listeners(page)).toContain("window:pageshow");
    return { query, before: await listeners(page) };
  }

  test("hidden counts as opened, a second tap launches nothing, nothing is left behind, and the funnel is counted", async ({
    page,
    visitorStats,
  }) => {
    const { query, before } = await readyToWatch(page);
    const start = await funnel(visitorStats);

    // The app opens: the page goes hidden while the attempt runs.
    await page.locator(".banner__open").click();
    await expect.poll(() => launches(page)).toEqual([LAUNCH_URL.android(query)]);
    expect(await launchTimers(page)).toBe(1);
    await page.evaluate(() => {
      Object.defineProperty(document, "visibilityState", { configurable: true, get: () => "hidden" });
      document.dispatchEvent(new Event("visibilitychange"));
      delete (document as unknown as Record<string, unknown>).visibilityState;
      document.dispatchEvent(new Event("visibilitychange"));
    });
    expect(await listeners(page)).toEqual(before);
    expect(await launchTimers(page)).toBe(0);
    await expect.poll(() => funnel(visitorStats, start)).toEqual({ attempts: 1, opened: 1, fell_back: 0 });
    await expect(page).toHaveURL(new RegExp(`${ARTICLE_ID}/index\\.html`));

    // Two taps in a row: one attempt. It fails (the page stays visible) and heads for the download address.
    const fallback = page.waitForRequest(`${DOWNLOAD}?${query}`);
    await page.locator(".banner__open").click();
    await page.locator(".banner__open").click();
    expect(await launches(page)).toHaveLength(2);
    await fallback;
    expect(await launches(page)).toHaveLength(2);
    expect(await listeners(page)).toEqual(before);
    expect(await launchTimers(page)).toBe(0);
    await expect.poll(() => funnel(visitorStats, start)).toEqual({ attempts: 2, opened: 1, fell_back: 1 });

    // Decided, the launcher takes a new tap again.
    await page.locator(".banner__open").click();
    expect(await launches(page)).toHaveLength(3);
  });

  test("a page behind a system prompt (no focus) waits for the visitor's answer before the download address", async ({ page }) => {
    const { query, before } = await readyToWatch(page);
    const downloads: string[] = [];
    page.on("request", (request) => {
      if (request.url().startsWith(DOWNLOAD)) downloads.push(request.url());
    });

    // "Open in the app?": the prompt takes the focus, the page stays visible.
    await page.evaluate(() => {
      document.hasFocus = () => false;
    });
    await page.locator(".banner__open").click();
    await expect.poll(() => launches(page)).toHaveLength(1);
    // The time is up (its timer has run) and nothing is decided: still watching, not sent anywhere.
    await expect.poll(() => launchTimers(page)).toBe(0);
    expect(await listeners(page)).not.toEqual(before);
    expect(downloads).toEqual([]);

    // The visitor dismisses the prompt: the focus is back on a visible page, so the app did not open.
    const fallback = page.waitForRequest(`${DOWNLOAD}?${query}`);
    await page.evaluate(() => {
      delete (document as unknown as Record<string, unknown>).hasFocus;
      window.dispatchEvent(new Event("focus"));
    });
    await fallback;
    expect(await listeners(page)).toEqual(before);
  });

  test("the app-open dialog's 立即前往 launches the same way as the banner", async ({ page }) => {
    await interceptLaunches(page);
    await serveDownloadPage(page);
    await openArticle(page);
    const query = await articleQuery(page);
    await page.locator(".footer-bar__action[href='#app-open']").click();
    const dialog = page.getByRole("dialog", { name: "打开APP，查看更多精彩内容" });
    await expect(dialog).toBeVisible();
    await waitForHydration(page, ".app-open__actions a.button:not(.button--ghost)");
    await dialog.getByRole("link", { name: "立即前往" }).click();
    await expect.poll(() => launches(page)).toEqual([LAUNCH_URL.android(query)]);
  });
});

test.describe("without JavaScript", () => {
  test.skip(({ phone }) => phone.js, "JavaScript off");

  test("打开APP and 立即前往 are links to the download address with the page's parameters", async ({ page }) => {
    await serveDownloadPage(page);
    await page.goto(ARTICLE);
    const query = await articleQuery(page);
    // The dialog is closed (a CSS :target dialog), so its link is found by its text, not its role.
    await expect(page.locator(".app-open a", { hasText: "立即前往" })).toHaveAttribute("href", `${DOWNLOAD}?${query}`);
    await page.locator(".banner__open").click();
    await page.waitForURL(`${DOWNLOAD}?${query}`);
  });
});
