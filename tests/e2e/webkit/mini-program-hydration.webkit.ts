import { recordedBridgeCalls } from "../support/fake-wechat";
import { newUserStorageState } from "../support/login";
import { MINI_PROGRAM_PAGES } from "../support/spec-routes";
import { expect, test, type WebKitPage } from "../support/webkit";

/**
 * Mini-program mode in WebKit, the engine of WeChat on iOS: in a mini program's web-view the page swaps
 * its header for the mini-program chrome, and WeChat's answer to getEnv updates the page while it hydrates; no
 * page may then log an error or have React throw a part of it away (#418, #421, #423, #425 and their kin). The
 * Chromium side is wechat-hydration.spec.ts. A session of its own: the mini program's user agent, WeChat's
 * bridge faked ahead of the site's scripts.
 */
test.use({ webkitProfile: "mini-program" });
test.describe.configure({ mode: "serial" });

/** Runs in the page: whether the mini-program chrome is on and hydrated, whose account it shows, what went wrong. */
function chromeState() {
  const footer = document.querySelector(".mp-footer");
  return {
    footerHydrated: Boolean(footer && Object.keys(footer).some((key) => key.startsWith("__reactProps$"))),
    // The back/forward control, shown once hydrated, instead of the header.
    navigation: document.querySelectorAll("nav.router-control[aria-label='页面导航']").length,
    header: document.querySelectorAll("header.banner").length,
    account: document.querySelectorAll(".mp-footer a[aria-label='账号']").length,
    // What the error watch kept (null: the entry script never ran).
    errors: (window as unknown as { __pageErrors?: string[] }).__pageErrors ?? null,
  };
}

/** Opens each page and checks, once WeChat confirmed the mini program, that it hydrated whole without an error. */
async function visitEveryPage(webkit: WebKitPage, loggedIn: boolean) {
  for (const url of MINI_PROGRAM_PAGES) {
    await test.step(url, async () => {
      await webkit.goto(url);
      // Confirmed: the page hands its share card to the mini program once WeChat said it runs in one.
      await webkit
        .poll(() => webkit.evaluate(recordedBridgeCalls, "invokeMiniProgramAPI").then((calls) => calls.length), "share card posted")
        .toBeGreaterThan(0);
      await webkit.waitForHydrationCommitted();
      expect(await webkit.evaluate(chromeState)).toEqual({ footerHydrated: true, navigation: 1, header: 0, account: loggedIn ? 1 : 0, errors: [] });
    });
  }
}

test("every page hydrates without an error for an anonymous visitor", async ({ webkit }) => {
  test.setTimeout(180_000);
  await webkit.browser.deleteCookies();
  await visitEveryPage(webkit, false);
});

test("every page hydrates without an error for a logged-in visitor", async ({ webkit, request }) => {
  test.setTimeout(180_000);
  const { storageState } = await newUserStorageState(request);
  await webkit.goto(MINI_PROGRAM_PAGES[0]);
  await webkit.adoptCookies(storageState.cookies);
  await visitEveryPage(webkit, true);
});
