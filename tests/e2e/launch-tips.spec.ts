import { expect, test } from "./support/test";
import { waitForHydration } from "./support/hydration";

/** In WeChat on Android (and Harmony: app/lib/app-launch.test.ts), 打开APP shows a layer telling the visitor to open the page in the browser (spec section 1). */

test.skip(({ phone }) => !(phone.wechat && phone.os === "android"), "only WeChat on Android blocks app schemes");

test("the launch tips point at WeChat's ··· menu without covering the banner's controls", async ({ page }) => {
  await page.goto("/davmu/share/");
  await waitForHydration(page, ".banner__open");
  await page.locator(".banner__open").click();
  const tips = page.getByRole("dialog", { name: /在浏览器打开/ });
  await expect(tips).toBeVisible();

  // The arrow sits in the top-right quarter of the screen, below the banner and clear of its controls.
  const viewport = page.viewportSize()!;
  const arrow = (await tips.locator(".launch-tips__arrow").boundingBox())!;
  expect(arrow.x + arrow.width / 2).toBeGreaterThan(viewport.width / 2);
  expect(arrow.x + arrow.width).toBeLessThanOrEqual(viewport.width);
  const banner = (await page.locator("header.banner").boundingBox())!;
  expect(arrow.y).toBeGreaterThanOrEqual(banner.y + banner.height);
  for (const control of [".banner__login", ".banner__open", "details.nav summary"]) {
    const box = (await page.locator(control).boundingBox())!;
    const overlaps = box.x < arrow.x + arrow.width && arrow.x < box.x + box.width && box.y < arrow.y + arrow.height && arrow.y < box.y + box.height;
    expect(overlaps, `arrow over ${control}`).toBe(false);
  }
  // The text is white on a dim dark enough for 4.5:1 over a white page: alpha 0.7 gives #4d4d4d, 8.4:1.
  const dim = await tips.evaluate((layer) => getComputedStyle(layer).backgroundColor);
  const alpha = Number(/rgba\(0, 0, 0, ([\d.]+)\)/.exec(dim)?.[1] ?? 0);
  expect(alpha).toBeGreaterThanOrEqual(0.7);

  // Focus moves into the layer; 知道了, Escape or any tap closes it.
  await expect(tips.getByRole("button", { name: "知道了" })).toBeFocused();
  await page.keyboard.press("Escape");
  await expect(tips).toBeHidden();
  await page.locator(".banner__open").click();
  await expect(tips).toBeVisible();
  await page.mouse.click(20, viewport.height - 20);
  await expect(tips).toBeHidden();
});
