import { isAndroidBrowser } from "./support/phones";
import { expect, test } from "./support/test";
import { expectNoViolations } from "./support/axe";
import { waitForHydration } from "./support/hydration";
import { SPEC_ROUTES } from "./support/spec-routes";

/**
 * Spec section 2, route by route: each opens as a real page at phone size with JavaScript on (android) and off
 * (no-js), and hydrates without a script error; with JavaScript on, the page as hydrated passes axe (WCAG 2.1 AA)
 * in both schemes. The specs named beside each row test it in depth; accessibility.spec.ts, what the pages become.
 */

test.skip(({ phone }) => !isAndroidBrowser(phone), "JavaScript on (android) and off (no-js) are the two cases");

for (const { route, url, status = 200, in: spec } of SPEC_ROUTES) {
  test(`${route} opens (${spec})`, async ({ tab: page, phone }) => {
    const errors: string[] = [];
    page.on("pageerror", (error) => errors.push(error.message));
    const response = await page.goto(url);
    expect(response?.status()).toBe(status);
    await expect(page.locator("main, iframe").first()).toBeVisible();
    await expect(page.locator("body")).not.toContainText("Unexpected Server Error");
    if (phone.js) await waitForHydration(page);
    expect(errors).toEqual([]);
    // axe's rules do not differ with JavaScript off: checked once, on the page as hydrated.
    if (phone.js) await test.step("passes axe (WCAG 2.1 AA)", () => expectNoViolations(page));
  });
}
