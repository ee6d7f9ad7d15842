import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";

const WCAG_21_AA = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"];

/** The WCAG 2.1 AA rules that read colours: all the dark scheme changes (app/styles/app.css sets only colours in it). */
const COLOUR_RULES = ["color-contrast", "link-in-text-block"];

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

/**
 * axe's WCAG 2.1 AA rules on the page as it is now, in the light scheme, then in the dark one (a page loaded light:
 * `test.use({ colorScheme: "light" })`). The phone's dark setting and the app's dark flag give the same page
 * (app/lib/color-scheme.ts), and the scheme is all CSS, so one load serves both checks.
 */
export async function expectNoViolations(page: Page) {
  await expectNoViolationsNow(page, "light");
  await page.emulateMedia({ colorScheme: "dark" });
  await expectNoViolationsNow(page, "dark", COLOUR_RULES);
  await page.emulateMedia({ colorScheme: "light" });
}
