import { expect, type Page } from "@playwright/test";

/** The address of the framework's entry module, the script that hydrates a page. */
export const ENTRY_MODULE = /\/entry\.client-[\w-]+\.js$/;

/**
 * Holds the page's entry module (or the scripts `pattern` matches), so the page shows but does not hydrate, as on a
 * slow network; returns the release.
 */
export async function holdScripts(page: Page, pattern: RegExp = ENTRY_MODULE): Promise<() => void> {
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(pattern, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

/**
 * Waits until React has hydrated the element matched by `selector` (its props are attached to the
 * DOM node), so a click reaches the enhanced handler instead of following the plain link.
 */
export async function waitForHydration(page: Page, selector = "body"): Promise<void> {
  await expect
    .poll(
      () =>
        page.evaluate((sel) => {
          const node = document.querySelector(sel);
          return Boolean(node && Object.keys(node).some((key) => key.startsWith("__reactProps$")));
        }, selector),
      { message: `React hydrated ${selector}` },
    )
    .toBe(true);
}

/**
 * Waits until React has hydrated the whole page and committed it, so any hydration mismatch has been reported:
 * the root's effects, which run only after that commit, have asked for the background-tasks chunk, and no element
 * React rendered is left without its fiber (a part still waiting to hydrate). Not React's: the scripts Remix
 * streams its data in, and HTML set as a whole (an article's body).
 */
export async function waitForHydrationCommitted(page: Page): Promise<void> {
  await expect
    .poll(() => page.evaluate(hydrationCommitState), { message: "React hydrated the whole page and committed it" })
    .toEqual(HYDRATION_COMMITTED);
}

/** What hydrationCommitState reads once React has hydrated the whole page and committed it. */
export const HYDRATION_COMMITTED = { effectsRan: true, waiting: [] };

/**
 * Runs in the page (self-contained, for any driver): whether the root's effects ran and which elements React
 * rendered are still waiting for their fiber; see waitForHydrationCommitted.
 */
export function hydrationCommitState(): { effectsRan: boolean; waiting: string[] } {
  const effectsRan = performance.getEntriesByType("resource").some((entry) => /\/background-tasks-[\w-]+\.js$/.test(entry.name));
  const reactKey = (node: Element, prefix: string) => Object.keys(node).find((key) => key.startsWith(prefix));
  const waiting: string[] = [];
  const visit = (parent: Element) => {
    for (const child of parent.children) {
      // WeChat's open tags are made by an effect once the page has hydrated: never React's, so never with a fiber.
      if (child.tagName === "SCRIPT" || child.classList.contains("wx-open-tag__tag")) continue;
      const fiber = reactKey(child, "__reactFiber$");
      const props = reactKey(child, "__reactProps$");
      if (!fiber) waiting.push(child.outerHTML.slice(0, 80));
      else if (!(props && (child as unknown as Record<string, { dangerouslySetInnerHTML?: unknown }>)[props].dangerouslySetInnerHTML)) visit(child);
    }
  };
  visit(document.body);
  return { effectsRan, waiting };
}

/**
 * Runs in the page (self-contained): when, from the start of the navigation, the root's effects asked for the
 * background-tasks chunk (see waitForHydrationCommitted); null before.
 */
export function hydrationCommittedAt(): number | null {
  const entry = performance.getEntriesByType("resource").find((resource) => /\/background-tasks-[\w-]+\.js$/.test(resource.name));
  return entry ? entry.startTime : null;
}

/**
 * Collects what React reports of a failed hydration or render on `page` from now on: a mismatch (#418 and its
 * kin), a Suspense boundary that received an update before it finished hydrating (#421), and uncaught page errors,
 * each with the URL it happened on. React 18 reports recoverable errors through window.reportError.
 */
export function hydrationErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error" && /React error|[Hh]ydrat/.test(message.text())) errors.push(`${page.url()}: ${message.text()}`);
  });
  page.on("pageerror", (error) => errors.push(`${page.url()}: ${error.message}`));
  return errors;
}
