import { expect, type Page } from "@playwright/test";

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
