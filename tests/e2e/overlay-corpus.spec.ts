import { type Locator, type Page } from "@playwright/test";
import { expect, test } from "./support/test";
import { BODY_ID_PREFIX } from "../../app/bff/sanitize.worker";
import { EDITOR_FIXTURES } from "../../platform/seed-editor-articles";
import { OVERLAY_CORPUS } from "../../platform/seed-overlay-corpus";
import { waitForHydration } from "./support/hydration";
import { articleUrl } from "./support/urls";

// The overlay corpus (platform/seed-overlay-corpus.ts): a body that uses every class and id of the site and every kept
// style at its cap. The page must look and behave as it does without it.

const CORPUS = articleUrl(OVERLAY_CORPUS.id);
/** An editor article whose bars show the same counts as the corpus's (both are the seed's newsroom additions). */
const PLAIN = articleUrl(EDITOR_FIXTURES.mpEditor);

/** The site's own element of a selector: the one outside the article body. */
const siteOwn = (page: Page, selector: string) => page.locator(`${selector}:not(.article__body *)`);

/** Each sampled point of the viewport, at each scroll position, where the topmost element is the body's though the point lies outside the body's box or on the banner or footer bar. */
function pointsTakenByTheBody(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const body = document.querySelector(".article__body")!;
    const bars = [...document.querySelectorAll(".banner, .footer-bar")];
    const taken: string[] = [];
    const bottom = document.documentElement.scrollHeight - innerHeight;
    for (const y of [0, bottom / 4, bottom / 2, (3 * bottom) / 4, bottom]) {
      window.scrollTo(0, y);
      const box = body.getBoundingClientRect();
      for (let top = 1; top < innerHeight; top += 15) {
        for (let left = 1; left < innerWidth; left += 15) {
          const onBar = bars.some((bar) => {
            const r = bar.getBoundingClientRect();
            return left >= r.left && left < r.right && top >= r.top && top < r.bottom;
          });
          const outside = left < box.left || left >= box.right || top < box.top || top >= box.bottom;
          if ((outside || onBar) && body.contains(document.elementFromPoint(left, top))) taken.push(`${left},${top}@${Math.round(y)}`);
        }
      }
    }
    window.scrollTo(0, 0);
    return taken;
  });
}

/** The topmost element at the centre of `target` is `target` or inside it. */
async function expectOnTop(target: Locator) {
  // Polled: a dialog or sheet that has just opened may still be sliding in, with the page under its middle.
  await expect
    .poll(() =>
      target.evaluate((element) => {
        const r = element.getBoundingClientRect();
        return element.contains(document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2));
      }),
    )
    .toBe(true);
}

test.describe("an article body that reuses the site's classes and ids and every kept style at its cap", () => {
  test("keeps its text, meets none of the site's names, and takes no tap outside its box", async ({ page }) => {
    expect((await page.goto(CORPUS))?.status()).toBe(200);
    const body = page.locator(".article__body");
    await expect(body).toContainText(OVERLAY_CORPUS.lastLine);
    await expect(body).toContainText("立即前往");

    const names = await page.evaluate((prefix) => {
      const body = document.querySelector(".article__body")!;
      const inside = [...body.querySelectorAll("*")];
      const outside = [...document.querySelectorAll("body *")].filter((element) => !body.contains(element));
      return {
        classed: inside.filter(
          (element) => element.hasAttribute("class") && !(element.className === "rich-text__table" && element.firstElementChild?.tagName === "TABLE"),
        ).length,
        unprefixed: inside.filter((element) => element.id && !element.id.startsWith(prefix)).map((element) => element.id),
        sitePrefixed: outside.filter((element) => element.id.startsWith(prefix)).map((element) => element.id),
        positioned: inside.filter((element) => !["static", "relative"].includes(getComputedStyle(element).position)).length,
        appOpenIsTheSite: !body.contains(document.getElementById("app-open")),
      };
    }, BODY_ID_PREFIX);
    expect(names).toEqual({ classed: 0, unprefixed: [], sitePrefixed: [], positioned: 0, appOpenIsTheSite: true });
    expect(await pointsTakenByTheBody(page)).toEqual([]);
  });

  test("leaves the banner and the footer bar as they are on an ordinary article", async ({ page }) => {
    const bars = async (url: string) => {
      await page.goto(url);
      return { banner: await page.locator(".banner").screenshot(), footer: await siteOwn(page, ".footer-bar").screenshot() };
    };
    const plain = await bars(PLAIN);
    const corpus = await bars(CORPUS);
    expect(corpus.banner.equals(plain.banner), "the banner is drawn the same").toBe(true);
    expect(corpus.footer.equals(plain.footer), "the footer bar is drawn the same").toBe(true);
  });

  test("点赞 opens the site's own app-open dialog, on top, with the site's 立即前往", async ({ page, phone }) => {
    await page.goto(CORPUS);
    // The body's own link to "#app-open" goes to the body's element, and the site's dialog stays shut.
    await page.locator(".article__body a", { hasText: "打开APP" }).click();
    await expect(page).toHaveURL(new RegExp(`#${BODY_ID_PREFIX}app-open$`));
    await expect(siteOwn(page, ".app-open")).toBeHidden();

    if (phone.js) await waitForHydration(page, ".footer-bar__action");
    await siteOwn(page, ".footer-bar__action[href='#app-open']").click();
    await expect(page).toHaveURL(/#app-open$/);
    const dialog = siteOwn(page, ".app-open");
    await expect(dialog).toBeVisible();
    // What the site's link names is the site's dialog. Not `:target`: a script's hash change leaves it where it was.
    expect(await page.evaluate(() => document.getElementById("app-open")?.closest(".app-open, .article__body")?.className)).toBe("app-open");
    const go = dialog.locator("a", { hasText: "立即前往" });
    await expect(go).not.toHaveAttribute("href", OVERLAY_CORPUS.authorLink);
    await expectOnTop(go);
    await expectOnTop(dialog.locator(".app-open__title"));

    if (!phone.js) return;
    // The login sheet the banner's 登录 opens is the site's only sheet, on top of the body.
    await page.goto(CORPUS);
    await waitForHydration(page, ".banner__login");
    await page.locator(".banner__login").click();
    await expect(page.locator(".sheet")).toHaveCount(1);
    await expect(siteOwn(page, ".sheet__panel")).toBeVisible();
    await expectOnTop(siteOwn(page, ".sheet__panel"));
  });
});
