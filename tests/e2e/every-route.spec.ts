import { isAndroidBrowser } from "./support/phones";
import { expect, test } from "./support/test";
import { waitForHydration } from "./support/hydration";
import { SPEC_ROUTES } from "./support/spec-routes";

/**
 * Spec section 2, route by route: each opens as a real page at phone size with JavaScript on (android) and off
 * (no-js), and hydrates without a script error. The specs named beside each row test it in depth.
 */

test.skip(({ phone }) => !isAndroidBrowser(phone), "JavaScript on (android) and off (no-js) are the two cases");

for (const { route, url, status = 200, in: spec } of SPEC_ROUTES) {
  test(`${route} opens (${spec})`, async ({ page, phone }) => {
    const errors: string[] = [];
    page.on("pageerror", (error) => errors.push(error.message));
    const response = await page.goto(url);
    expect(response?.status()).toBe(status);
    await expect(page.locator("main, iframe").first()).toBeVisible();
    await expect(page.locator("body")).not.toContainText("Unexpected Server Error");
    if (phone.js) await waitForHydration(page);
    expect(errors).toEqual([]);
  });
}
