import { readFile, writeFile } from "node:fs/promises";
import { expect, test, type Page } from "@playwright/test";
import { newUserStorageState } from "./support/login";
import { articleUrl } from "./support/urls";

/**
 * The service worker, link prefetch and the changeRoute message (issue 11 section 5), in Chromium. Behaviour does
 * not differ by phone: Android only.
 */

const HOME = "/davmu/share/";
const OFFLINE_HEADING = "网络不可用";
const BUILT_WORKER = "build/client/sw.js";

test.beforeEach(({}, testInfo) => {
  test.skip(testInfo.project.name !== "android", "one phone profile is enough");
});

/** Waits until the page is controlled by an active worker (the worker claims open pages as it activates). */
async function untilControlled(page: Page): Promise<string> {
  return page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    if (!navigator.serviceWorker.controller) {
      await new Promise((done) => navigator.serviceWorker.addEventListener("controllerchange", done, { once: true }));
    }
    return navigator.serviceWorker.controller!.scriptURL;
  });
}

/** Every cache of the origin with the paths it holds. */
function cachedPaths(page: Page): Promise<Record<string, string[]>> {
  return page.evaluate(async () => {
    const out: Record<string, string[]> = {};
    for (const name of await caches.keys()) {
      out[name] = (await (await caches.open(name)).keys()).map((request) => new URL(request.url).pathname + new URL(request.url).search);
    }
    return out;
  });
}

test("precaches the app shell and shows the offline page when the network is gone", async ({ page, context }) => {
  await page.goto(articleUrl(3));
  expect(await untilControlled(page)).toContain("/davmu/share/sw.js");

  const caches = await cachedPaths(page);
  const assets = Object.entries(caches).find(([name]) => name.startsWith("davmu-share-assets-"));
  expect(assets, `an assets cache among ${Object.keys(caches).join(", ")}`).toBeTruthy();
  // The scripts this very page loaded up front are the shell: all of them are precached.
  const shellScripts = await page.$$eval("script[type=module][src], link[rel=modulepreload]", (nodes) =>
    nodes.map((node) => new URL(node.getAttribute("src") ?? node.getAttribute("href") ?? "", location.href).pathname),
  );
  for (const script of shellScripts.filter((path) => /\/(entry\.client|framework|shell|root)-/.test(path))) {
    expect(assets![1]).toContain(script);
  }
  expect(assets![1]).toContain("/davmu/share/offline.html");

  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole("heading", { name: OFFLINE_HEADING })).toBeVisible();
  // The address stays the one asked for, so 重新加载 reloads it.
  expect(new URL(page.url()).pathname).toBe(articleUrl(3));
  await expect(page.getByRole("link", { name: "重新加载" })).toHaveAttribute("href", "");

  // A page never visited gets the offline page too, not a browser error.
  await page.goto(articleUrl(4));
  await expect(page.getByRole("heading", { name: OFFLINE_HEADING })).toBeVisible();

  await context.setOffline(false);
  await page.reload();
  await expect(page.locator("h1").first()).not.toHaveText(OFFLINE_HEADING);
});

test.describe("a logged-in visitor", () => {
  let storageState: Awaited<ReturnType<typeof newUserStorageState>>["storageState"] | undefined;
  test.beforeAll(async ({ playwright }, testInfo) => {
    if (testInfo.project.name !== "android") return;
    const request = await playwright.request.newContext({ baseURL: testInfo.project.use.baseURL });
    storageState = (await newUserStorageState(request)).storageState;
    await request.dispose();
  });
  test.use({ storageState: async ({}, use) => use(storageState) });

  test("never has a page stored by the worker", async ({ page, context }) => {
    await page.goto(articleUrl(5));
    await expect(page.locator(".banner__login .avatar")).toBeVisible();
    await untilControlled(page);
    // A second visit goes through the controlling worker, which would store it if it were allowed to.
    await page.reload();
    await expect(page.locator(".banner__login .avatar")).toBeVisible();

    const stored = Object.values(await cachedPaths(page)).flat();
    expect(stored.filter((path) => !path.startsWith("/davmu/share/assets/") && path !== "/davmu/share/offline.html")).toEqual([]);

    await context.setOffline(true);
    await page.reload();
    await expect(page.getByRole("heading", { name: OFFLINE_HEADING })).toBeVisible();
    await expect(page.locator(".banner__login")).toHaveCount(0);
    await context.setOffline(false);
  });
});

test("a new deployment's worker takes over and deletes the old caches", async ({ page }) => {
  const built = await readFile(BUILT_WORKER, "utf8");
  const version = /version:"([\w-]+)"/.exec(built)?.[1];
  expect(version, "the version the build wrote into sw.js").toBeTruthy();

  await page.goto(HOME);
  await untilControlled(page);
  expect(Object.keys(await cachedPaths(page))).toContain(`davmu-share-assets-${version}`);

  // The same worker with another version, as the next deployment would serve it.
  const next = `${version}next`;
  await writeFile(BUILT_WORKER, built.replace(`version:"${version}"`, `version:"${next}"`));
  try {
    const takenOver = page.evaluate(
      () => new Promise<void>((done) => navigator.serviceWorker.addEventListener("controllerchange", () => done(), { once: true })),
    );
    await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())!.update());
    await takenOver;
  } finally {
    await writeFile(BUILT_WORKER, built);
  }
  await expect.poll(async () => Object.keys(await cachedPaths(page)).sort()).toEqual([`davmu-share-assets-${next}`]);
  // The page goes on working under the new worker, its shell served from the new cache.
  await page.reload();
  await expect(page.locator(".banner")).toBeVisible();
});

/** Resolves once the page's own idle-time prefetch step has run: an idle callback queued after it, same deadline. */
async function afterPrefetchStep(page: Page) {
  await untilControlled(page);
  await page.evaluate(() => new Promise((done) => requestIdleCallback(done, { timeout: 2000 })));
}

test("prefetches the site's links in view once the page is idle", async ({ page }) => {
  await page.goto(HOME);
  await afterPrefetchStep(page);
  const prefetched = await page.$$eval("link[rel=prefetch]", (links) => links.map((link) => (link as HTMLLinkElement).href));
  expect(prefetched.length).toBeGreaterThan(0);
  for (const href of prefetched) {
    const url = new URL(href);
    expect(url.origin).toBe(new URL(page.url()).origin);
    expect(url.pathname.startsWith("/davmu/share/")).toBe(true);
    expect(url.pathname).not.toContain("/api/");
  }
  // The first article card's page data is among them: what Remix asks for when the card is tapped.
  const firstArticle = await page.locator('a[href*="/doc/"]').first().getAttribute("href");
  expect(prefetched).toContain(new URL(`${firstArticle}.data`, page.url()).href);
});

test("prefetches nothing when the visitor saves data", async ({ page }) => {
  await page.addInitScript(() => {
    Object.defineProperty(navigator, "connection", { configurable: true, value: { saveData: true, effectiveType: "4g" } });
  });
  await page.goto(HOME);
  await afterPrefetchStep(page);
  await expect(page.locator("link[rel=prefetch]")).toHaveCount(0);
});

test("a framed detail page tells the /pc wrapper where it is", async ({ page }) => {
  const first = articleUrl(3);
  await page.goto(`/davmu/share/pc?url=${encodeURIComponent(first)}`);
  const frame = page.frameLocator(".pc__frame");
  const title = (await frame.locator("h1").first().textContent())!.trim();
  await expect(page).toHaveTitle(title);
  expect(new URL(page.url()).searchParams.get("url")).toContain(first);
});
