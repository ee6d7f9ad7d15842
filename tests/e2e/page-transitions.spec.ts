import type { Page } from "@playwright/test";
import { expect, test } from "./support/test";
import { waitForHydration } from "./support/hydration";

/**
 * The spec's page transition (`page`, mode out-in): a client-side navigation runs a view transition with the
 * page's main named `page`; never on the first load, never for a visitor who prefers reduced motion, and nothing but
 * the navigation where the browser has no View Transitions API (app/client/page-transitions.ts).
 */

const HOME = "/davmu/share/";

type Recorded = { calls: number; names: string[]; finished: number; routerWrapped: boolean };

/**
 * Records every `document.startViewTransition` call and the page main's transition name once the transition is
 * ready, and notes when the router's `navigate` has been wrapped (the transitions are installed after hydration).
 */
async function recordViewTransitions(page: Page) {
  await page.addInitScript(() => {
    const recorded = { calls: 0, names: [] as string[], finished: 0, original: null as unknown, router: null as null | { navigate: unknown } };
    (window as unknown as { transitions: typeof recorded }).transitions = recorded;
    const start = document.startViewTransition;
    if (typeof start === "function") {
      document.startViewTransition = function (this: Document, ...args: Parameters<typeof start>) {
        recorded.calls++;
        const transition = start.apply(this, args);
        transition.ready.then(() => recorded.names.push(getComputedStyle(document.querySelector("main")!).viewTransitionName)).catch(() => undefined);
        transition.finished.then(() => recorded.finished++).catch(() => undefined);
        return transition;
      } as typeof start;
    }
    Object.defineProperty(window, "__remixRouter", {
      configurable: true,
      get: () => recorded.router,
      set(router: { navigate: unknown }) {
        recorded.router = router;
        recorded.original = router.navigate;
      },
    });
  });
}

const recorded = (page: Page): Promise<Recorded> =>
  page.evaluate(() => {
    const { calls, names, finished, router, original } = (
      window as unknown as {
        transitions: { calls: number; names: string[]; finished: number; router: { navigate: unknown } | null; original: unknown };
      }
    ).transitions;
    return { calls, names, finished, routerWrapped: Boolean(router) && router!.navigate !== original };
  });

/** Opens the home page and waits until its navigations may transition: hydrated, the background tasks run. */
async function openHome(page: Page, { transitionsInstalled }: { transitionsInstalled: boolean }) {
  await page.goto(HOME);
  await waitForHydration(page, ".card-list");
  if (transitionsInstalled) await expect.poll(async () => (await recorded(page)).routerWrapped, { message: "page transitions installed" }).toBe(true);
}

/** Follows the first article card of the list, a client-side navigation. */
async function openFirstArticle(page: Page) {
  const card = page.locator(".card-list a.card__link[href*='/doc/']").first();
  const href = (await card.getAttribute("href"))!;
  await card.click();
  await expect(page).toHaveURL(new RegExp(href.replaceAll(".", "\\.")));
  await expect(page.locator("h1.article__title")).toBeVisible();
}

test.beforeEach(({ javaScriptEnabled }) => {
  test.skip(!javaScriptEnabled, "without JavaScript every navigation loads a page");
});

test("a navigation fades the page through a view transition named page; the first load does not", async ({ page }) => {
  await recordViewTransitions(page);
  await openHome(page, { transitionsInstalled: true });
  expect((await recorded(page)).calls).toBe(0);
  await openFirstArticle(page);
  await expect.poll(async () => (await recorded(page)).names).toEqual(["page"]);
  expect((await recorded(page)).calls).toBe(1);
  // Named only while a transition runs: a named element is a stacking context.
  await expect.poll(async () => (await recorded(page)).finished).toBe(1);
  expect(await page.evaluate(() => getComputedStyle(document.querySelector("main")!).viewTransitionName)).toBe("none");
});

test.describe("for a visitor who prefers reduced motion", () => {
  test.use({ reducedMotion: "reduce" });

  test("a navigation runs no view transition", async ({ page }) => {
    await recordViewTransitions(page);
    await openHome(page, { transitionsInstalled: true });
    await openFirstArticle(page);
    expect((await recorded(page)).calls).toBe(0);
  });
});

test("without the View Transitions API a navigation just shows the new page", async ({ page }) => {
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));
  await page.addInitScript(() => {
    delete (Document.prototype as Partial<Document>).startViewTransition;
  });
  await openHome(page, { transitionsInstalled: false });
  expect(await page.evaluate(() => "startViewTransition" in document)).toBe(false);
  await openFirstArticle(page);
  expect(errors).toEqual([]);
});
