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
