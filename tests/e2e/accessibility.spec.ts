import AxeBuilder from "@axe-core/playwright";
import { type Page } from "@playwright/test";
import { expect, test } from "./support/test";
import { SEED_FIXTURES } from "../../platform/seed";
import { waitForHydration } from "./support/hydration";
import { loginAsDemo, TEXTS } from "./support/login";
import { SPEC_ROUTES } from "./support/spec-routes";
import { articleUrl, detailUrl } from "./support/urls";
import { wechatUserAgent } from "./support/user-agents";

const BASE = "/davmu/share/";
const WCAG_21_AA = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"];

/** Runs axe's `rules` (else every WCAG 2.1 AA rule) on the page as it is now; fails with each violation's rule, target and message. */
async function expectNoViolationsNow(page: Page, scheme: string, rules?: string[]) {
  // Colours half-way through a fade (a sheet opening, a scheme switched) are no colours the reader sees: let the
  // styles settle for a frame, then let finite animations and transitions end.
  await page.evaluate(async () => {
    await new Promise((settled) => requestAnimationFrame(() => requestAnimationFrame(settled)));
    await Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().iterations !== Infinity)
        .map((animation) => animation.finished.catch(() => undefined)),
    );
  });
  // Legacy mode runs axe in the page itself, where the default opens a blank page to gather frames' results: a
  // renderer per check, about as long as the check. Its one loss, other origins' frames, are no pages of this site.
  // Only violations are reported node by node: every passing node's markup, sent back too, took half the check's time.
  const axe = new AxeBuilder({ page }).setLegacyMode(true).options({ resultTypes: ["violations"] });
  const { violations } = await (rules ? axe.withRules(rules) : axe.withTags(WCAG_21_AA)).analyze();
  const found = violations.flatMap((violation) =>
    violation.nodes.map((node) => `${violation.id}: ${node.target.join(" ")} (${node.failureSummary?.replace(/\s+/g, " ")})`),
  );
  expect(found, `in the ${scheme} scheme`).toEqual([]);
}

/** The WCAG 2.1 AA rules that read colours: all the dark scheme changes (app/styles/app.css sets only colours in it). */
const COLOUR_RULES = ["color-contrast", "link-in-text-block"];

/**
 * The page as it is now in the light scheme, then in the dark one. The phone's dark setting and the app's dark flag
 * give the same page (app/lib/color-scheme.ts), and the scheme is all CSS, so one load serves both checks.
 */
async function expectNoViolations(page: Page) {
  await expectNoViolationsNow(page, "light");
  await page.emulateMedia({ colorScheme: "dark" });
  await expectNoViolationsNow(page, "dark", COLOUR_RULES);
  await page.emulateMedia({ colorScheme: "light" });
}

// The rules do not differ by phone: the spec runs once, on the Android profile (playwright.config.ts ONCE_SPECS).

// Each check runs in both schemes (expectNoViolations), from a page loaded light whatever the machine prefers.
test.use({ colorScheme: "light" });

// One page of every type and every area: the home page, each content type's detail page, the lists, search, dejin,
// dimim, fazak, invite, activity, fly card, auth and the 404s (link content has no page: it opens its target).
for (const { route, url } of SPEC_ROUTES) {
  test(`${route} passes axe (WCAG 2.1 AA)`, async ({ page }) => {
    await page.goto(url);
    await waitForHydration(page);
    await expectNoViolations(page);
  });
}

// zh-Hant pages have their own texts and lengths (docs/languages.md): the home page, an article, a video page and a
// 404, in both schemes.
const ZH_HANT = `${BASE}zh-Hant/`;
for (const url of [BASE, articleUrl(SEED_FIXTURES.article), detailUrl(SEED_FIXTURES.video, "video"), `${BASE}no/such/page`]) {
  const hant = url.replace(BASE, ZH_HANT);
  test(`${hant} passes axe (WCAG 2.1 AA)`, async ({ page }) => {
    await page.goto(hant);
    await expect(page.locator("html")).toHaveAttribute("lang", "zh-Hant");
    await waitForHydration(page);
    await expectNoViolations(page);
  });
}

test("the open navigation panel passes axe", async ({ page }) => {
  await page.goto(BASE);
  await waitForHydration(page, "details.nav summary");
  await page.locator("details.nav summary").click();
  await expect(page.locator("details.nav .nav__panel")).toBeVisible();
  await expectNoViolations(page);
});

test("the open login sheet passes axe", async ({ page }) => {
  await page.goto(articleUrl(SEED_FIXTURES.article));
  await waitForHydration(page, ".banner__login");
  await page.locator(".banner__login").click();
  await expect(page.locator(".sheet__panel")).toBeVisible();
  await expectNoViolations(page);
});

test("a logged-in article page and its logout confirmation pass axe", async ({ page }) => {
  const url = articleUrl(SEED_FIXTURES.manyComments);
  await loginAsDemo(page, url);
  await waitForHydration(page, ".banner__login");
  await expectNoViolations(page);
  await page.locator(".banner__login").click();
  await expect(page.getByRole("dialog", { name: TEXTS.logoutConfirm })).toBeVisible();
  await expectNoViolations(page);
});

test.describe("in WeChat on Android", () => {
  test.use({ userAgent: wechatUserAgent });

  test("the launch tips layer passes axe", async ({ page }) => {
    await page.goto(BASE);
    await waitForHydration(page, "header.banner .banner__open");
    await page.locator(".banner__open").click();
    await expect(page.locator(".launch-tips")).toBeVisible();
    await expectNoViolations(page);
  });
});
