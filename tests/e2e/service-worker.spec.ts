import { readFile } from "node:fs/promises";
import { type BrowserContext, type Page } from "@playwright/test";
import { expect, test } from "./support/test";
import { HYDRATION_COMMITTED, holdScripts, hydrationCommitState, waitForHydrationCommitted } from "./support/hydration";
import { articleUrl } from "./support/urls";

/**
 * The service worker, link prefetch and the changeRoute message, in Chromium. Behaviour does
 * not differ by phone: the spec runs once, on Android (playwright.config.ts ONCE_SPECS).
 */

// The other specs' pages run without the worker (playwright.config.ts); this one is about it.
test.use({ serviceWorkers: "allow" });

const HOME = "/davmu/share/";
const OFFLINE_HEADING = "网络不可用";
const BUILT_WORKER = "build/client/sw.js";

/**
 * Waits until the page is controlled by a worker that has finished activating (it claims open pages as it activates).
 * Controlling is not enough: while one worker is still activating, the next one's skipWaiting does not take effect.
 */
async function untilControlled(page: Page): Promise<string> {
  return page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    if (!navigator.serviceWorker.controller) {
      await new Promise((done) => navigator.serviceWorker.addEventListener("controllerchange", done, { once: true }));
    }
    const controller = navigator.serviceWorker.controller!;
    while (controller.state !== "activated") await new Promise((done) => controller.addEventListener("statechange", done, { once: true }));
    return controller.scriptURL;
  });
}

/** Runs in the page: its registration's workers and its controller, each as path and state, or null. */
async function workerStates(): Promise<Record<"installing" | "waiting" | "active" | "controller", string | null>> {
  const describe = (worker: ServiceWorker | null | undefined) => {
    if (!worker) return null;
    const url = new URL(worker.scriptURL);
    return `${url.pathname}${url.search} ${worker.state}`;
  };
  const registration = await navigator.serviceWorker.getRegistration();
  return {
    installing: describe(registration?.installing),
    waiting: describe(registration?.waiting),
    active: describe(registration?.active),
    controller: describe(navigator.serviceWorker.controller),
  };
}

/**
 * Takes the browser offline once the worker's own fetches fail too. Playwright turns the network off in the page and
 * in each worker apart; a reload that reached the server through the worker would test nothing.
 */
async function goOffline(context: BrowserContext): Promise<void> {
  await context.setOffline(true);
  const workers = context.serviceWorkers();
  expect(workers, "the site's worker, running").toHaveLength(1);
  const networkSeenByWorker = () =>
    workers[0].evaluate(() =>
      fetch(self.location.href, { cache: "no-store" }).then(
        () => "online",
        () => "offline",
      ),
    );
  await expect.poll(networkSeenByWorker, { message: "the worker's fetches fail once offline" }).toBe("offline");
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

test("registers the worker only once the page has loaded: its precache does not compete with the first visit", async ({ page }) => {
  // What the page's document state is whenever the site registers a worker.
  await page.addInitScript(() => {
    const states: string[] = [];
    (window as unknown as { registeredWhen: string[] }).registeredWhen = states;
    const register = navigator.serviceWorker.register.bind(navigator.serviceWorker);
    navigator.serviceWorker.register = (...args: Parameters<typeof register>) => {
      states.push(document.readyState);
      return register(...args);
    };
  });
  // The pictures (the banner's logo among them) hold the load event back until the page has hydrated.
  let release!: () => void;
  const held = new Promise<void>((done) => (release = done));
  await page.route("**/_platform/media/**", async (route) => {
    await held;
    await route.continue();
  });
  await page.goto(articleUrl(3), { waitUntil: "commit" });
  await waitForHydrationCommitted(page);
  expect(await page.evaluate(() => document.readyState)).toBe("interactive");
  release();
  expect(await untilControlled(page)).toContain("/davmu/share/sw.js");
  expect(await page.evaluate(() => (window as unknown as { registeredWhen: string[] }).registeredWhen)).toEqual(["complete"]);
});

test("precaches the app shell and shows the offline page when the network is gone", async ({ page, context }) => {
  await page.goto(articleUrl(3));
  expect(await untilControlled(page)).toContain("/davmu/share/sw.js");

  const caches = await cachedPaths(page);
  const assets = Object.entries(caches).find(([name]) => name.startsWith("davmu-share-assets-"));
  expect(assets, `an assets cache among ${Object.keys(caches).join(", ")}`).toBeTruthy();
  // The scripts this very page loaded up front are the shell: all of them are precached.
  const shellScripts = await page.evaluate(() =>
    performance
      .getEntriesByType("resource")
      .map((entry) => new URL(entry.name).pathname)
      .filter((path) => path.endsWith(".js")),
  );
  const shell = shellScripts.filter((path) => /\/(entry\.client|framework|shell|root)-/.test(path));
  expect(shell, `the shell among the page's scripts ${shellScripts.join(", ")}`).not.toEqual([]);
  for (const script of shell) expect(assets![1]).toContain(script);
  expect(assets![1]).toContain("/davmu/share/offline.html");

  await goOffline(context);
  await page.reload();
  await expect(page.getByRole("heading", { name: OFFLINE_HEADING }), "the offline page in place of a page never stored").toBeVisible();
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
  test.use({ storageState: ({ fileUser }, use) => use(fileUser.storageState) });

  test("never has a page stored by the worker", async ({ page, context }) => {
    await page.goto(articleUrl(5));
    await expect(page.locator(".banner__login .avatar"), "logged in on the first visit").toBeVisible();
    await untilControlled(page);
    // A second visit goes through the controlling worker, which would store it if it were allowed to.
    await page.reload();
    await expect(page.locator(".banner__login .avatar"), "logged in on the visit through the worker").toBeVisible();

    const stored = Object.values(await cachedPaths(page)).flat();
    expect(stored.filter((path) => !path.startsWith("/davmu/share/assets/") && path !== "/davmu/share/offline.html")).toEqual([]);

    await goOffline(context);
    await page.reload();
    await expect(page.getByRole("heading", { name: OFFLINE_HEADING }), "the offline page, not a stored logged-in page").toBeVisible();
    await expect(page.locator(".banner__login")).toHaveCount(0);
    await context.setOffline(false);
  });
});

test("a new deployment's worker takes over and deletes the old caches", async ({ page, context }) => {
  const built = await readFile(BUILT_WORKER, "utf8");
  const version = /version:"([\w-]+)"/.exec(built)?.[1];
  expect(version, "the version the build wrote into sw.js").toBeTruthy();
  await page.goto(HOME);
  await untilControlled(page);
  expect(Object.keys(await cachedPaths(page))).toContain(`davmu-share-assets-${version}`);

  // The same worker with another version, as the next deployment would serve it, routed to this browser only so the
  // built file every other test gets stays as it is. The browser's own update check cannot be intercepted, so the
  // new worker is registered at an address of its own, in the same scope: installed, it replaces the old one alike.
  const next = `${version}next`;
  const nextWorker = `${HOME}sw.js?deployment=${next}`;
  await context.route(
    (url) => url.pathname + url.search === nextWorker,
    (route) => route.fulfill({ contentType: "text/javascript", body: built.replace(`version:"${version}"`, `version:"${next}"`) }),
  );
  await page.evaluate(([script, scope]) => navigator.serviceWorker.register(script, { scope }), [nextWorker, HOME]);
  // Polled rather than awaited as an event, so that a worker left waiting or gone redundant shows in the failure.
  await expect
    .poll(() => page.evaluate(workerStates), { message: "the next deployment's worker took over" })
    .toEqual({ installing: null, waiting: null, active: `${nextWorker} activated`, controller: `${nextWorker} activated` });
  // The old worker's caches are gone and stay gone, though it still answered the page's requests meanwhile.
  await expect.poll(async () => Object.keys(await cachedPaths(page)).sort()).toEqual([`davmu-share-assets-${next}`, `davmu-share-pages-${next}`]);
  // The page goes on working under the new worker, its shell served from the new cache.
  await page.reload();
  await expect(page.locator(".banner")).toBeVisible();
});

test("prefetches the site's links in view once the page is idle", async ({ page }) => {
  const requested: string[] = [];
  page.on("request", (request) => request.url().endsWith(".data") && requested.push(request.url()));
  await page.goto(HOME);
  await untilControlled(page);
  // The first article card's page data is among them, asked for before any tap: what Remix loads when it is tapped.
  const firstArticle = await page.locator('a[href*="/doc/"]').first().getAttribute("href");
  const firstData = new URL(`${firstArticle}.data`, page.url()).href;
  await expect.poll(() => requested, { message: "the browser fetched the prefetched page data" }).toContain(firstData);
  const prefetched = await page.$$eval("link[rel=prefetch]", (links) => links.map((link) => (link as HTMLLinkElement).href));
  expect(prefetched).toContain(firstData);
  for (const href of prefetched) {
    const url = new URL(href);
    expect(url.origin).toBe(new URL(page.url()).origin);
    expect(url.pathname.startsWith("/davmu/share/")).toBe(true);
    expect(url.pathname).not.toContain("/api/");
  }
});

type CountsConnectionReads = Window & { connectionReads?: number };

test("prefetches nothing when the visitor saves data", async ({ page }) => {
  // The prefetch step is the page's only reader of navigator.connection: counting the reads shows it ran.
  await page.addInitScript(() => {
    const facts = { saveData: true, effectiveType: "4g" };
    Object.defineProperty(navigator, "connection", {
      configurable: true,
      get: () => {
        const counted = window as CountsConnectionReads;
        counted.connectionReads = (counted.connectionReads ?? 0) + 1;
        return facts;
      },
    });
  });
  const requested: string[] = [];
  page.on("request", (request) => request.url().endsWith(".data") && requested.push(request.url()));
  await page.goto(HOME);
  await untilControlled(page);
  await expect
    .poll(() => page.evaluate(() => (window as CountsConnectionReads).connectionReads ?? 0), { message: "the prefetch step ran" })
    .toBeGreaterThan(0);
  // Links in view would be handed over on the observer's first report, which comes within a frame or two.
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
  await expect(page.locator("link[rel=prefetch]")).toHaveCount(0);
  expect(requested).toEqual([]);
});

test("a framed detail page tells the /pc wrapper where it is", async ({ page }) => {
  const first = articleUrl(3);
  await page.goto(`/davmu/share/pc?url=${encodeURIComponent(first)}`);
  const frame = page.frameLocator(".pc__frame");
  const title = (await frame.locator("h1").first().textContent())!.trim();
  await expect(page).toHaveTitle(title);
  expect(new URL(page.url()).searchParams.get("url")).toContain(first);
});

test("a wrapper that hydrates after its frame still learns where the frame is", async ({ page }) => {
  // The wrapper's own route module (the framed page never loads it) waits until the frame has hydrated and posted.
  const release = await holdScripts(page, /\/assets\/pc-[\w-]+\.js$/);
  const first = articleUrl(3);
  await page.goto(`/davmu/share/pc?url=${encodeURIComponent(first)}`, { waitUntil: "commit" });
  await expect
    .poll(() => page.frame({ url: (url) => url.pathname === first })?.evaluate(hydrationCommitState), { message: "the framed page hydrated first" })
    .toEqual(HYDRATION_COMMITTED);
  const title = (await page.frameLocator(".pc__frame").locator("h1").first().textContent())!.trim();
  await expect(page).toHaveTitle("手机版预览");
  release();
  await expect(page).toHaveTitle(title);
  expect(new URL(page.url()).searchParams.get("url")).toContain(first);
});
