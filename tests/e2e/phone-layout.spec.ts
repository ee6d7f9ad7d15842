import { type Locator } from "@playwright/test";
import { expect, test } from "./support/test";
import { SEED_FIXTURES } from "../../platform/seed";
import { waitForHydration } from "./support/hydration";
import { TEXTS } from "./support/login";
import { charactersPerLine } from "./support/text-lines";
import { articleUrl } from "./support/urls";

const BASE = "/davmu/share/";
// The narrowest phones the site is laid out for, and the two test profiles' own widths.
const WIDTHS = [375, 390, 412];

// The viewport is set per test and layout does not depend on the user agent: one profile is enough.
test.skip(({ phone }) => phone.os !== "ios", "layout checks run on the iPhone profile only");

/** The element's text is cut (by an ellipsis or the edge of its box). */
const isCut = (element: Locator) => element.evaluate((node) => node.scrollWidth > Math.ceil(node.getBoundingClientRect().width));

for (const width of WIDTHS) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 800 } });

    test("the banner shows its default description whole", async ({ page }) => {
      await page.goto(BASE);
      const description = page.locator(".banner__desc");
      await expect(description).toHaveText("打开APP，看更多精彩内容");
      expect(await isCut(description), "description cut").toBe(false);
    });

    test("every card keeps its meta on one line, album cards included", async ({ page }) => {
      // Five pages of the feed: album cards (with their status) come after the first page.
      await page.goto(`${BASE}?page=5`);
      const metas = page.locator("li.card .card__meta");
      await expect(page.locator("li.card .card__album").first()).toBeVisible();
      const seen = { shownWhole: 0, sourceGaveWay: 0 };
      for (const meta of await metas.all()) {
        const tops = await meta.evaluate((row) =>
          [...row.children].map((item) => Math.round(item.getBoundingClientRect().top + item.getBoundingClientRect().height / 2)),
        );
        expect(new Set(tops).size, `one line: ${await meta.textContent()}`).toBe(1);
        // Album status and time are never cut.
        for (const kept of await meta.locator(".card__album, time").all()) expect(await isCut(kept)).toBe(false);
        // The source and the view count give way whole (shown entirely, or not at all), the source first.
        const optional = await meta.locator(".card__optional").evaluate((box) => {
          const outer = box.getBoundingClientRect();
          return [...box.children].map((item) => {
            const inner = item.getBoundingClientRect();
            const shown = inner.top < outer.bottom;
            const whole = inner.left >= outer.left - 1 && inner.right <= outer.right + 1;
            return { text: item.textContent, views: item.classList.contains("card__views"), shown, whole };
          });
        });
        for (const item of optional) if (item.shown) expect(item.whole, `${item.text} shown whole`).toBe(true);
        if (optional.some((item) => item.shown)) expect(optional.find((item) => item.views)?.shown, "views before the source").toBe(true);
        seen.shownWhole += optional.filter((item) => item.shown).length;
        if (optional.some((item) => item.views && item.shown) && optional.some((item) => !item.views && !item.shown)) seen.sourceGaveWay += 1;
      }
      // The rules above applied: cards showed their optional parts, and on some the source gave way to the views.
      expect(seen.shownWhole, "optional parts shown").toBeGreaterThan(0);
      expect(seen.sourceGaveWay, "cards whose source gave way while the views stayed").toBeGreaterThan(0);
    });
  });
}

test("the agreement toast sits above the login sheet and never breaks inside 《…》", async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 667 });
  await page.goto(articleUrl(SEED_FIXTURES.article));
  await waitForHydration(page, ".banner__login");
  await page.locator(".banner__login").click();
  const sheet = page.locator(".sheet__panel");
  await expect(sheet).toBeVisible();
  await sheet.locator("input[name=phone]").fill("13800138000");
  await sheet.locator("button[value=send-code]").click();

  const toast = page.locator(".toast");
  await expect(toast).toHaveText(TEXTS.agreementRequired);
  const toastBox = (await toast.boundingBox())!;
  const sheetBox = (await sheet.boundingBox())!;
  expect(toastBox.y + toastBox.height, "toast bottom above the sheet's top").toBeLessThanOrEqual(sheetBox.y);
  const titles = toast.locator(".unbroken");
  await expect(titles).toHaveText(["《用户协议》", "《隐私政策》"]);
  for (const title of await titles.all()) expect(await charactersPerLine(title)).toHaveLength(1);
});
