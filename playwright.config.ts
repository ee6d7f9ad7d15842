import { defineConfig, devices } from "@playwright/test";
import { CHROMIUM_FLAGS, HEADLESS_SHELL_PATH } from "./scripts/chromium.mjs";
import { SUITE_BUDGET_MINUTES } from "./scripts/test-budget.mjs";
import { E2E_DATA_DIR, E2E_ORIGIN, E2E_PORT, E2E_SERVER_ENV } from "./tests/e2e/support/e2e-server";
import { EXCLUSIVE_TAG } from "./tests/e2e/support/exclusive";
import { PHONES, type Phone } from "./tests/e2e/support/phones";
import { harmonyNextUserAgent, miniProgramUserAgent, wechatIOSUserAgent, wechatUserAgent } from "./tests/e2e/support/user-agents";

const isCI = Boolean(process.env.CI);

/** What only WeChat does: share cards, open tags, mini-program mode. */
const WECHAT_SPEC = /wechat\.spec\.ts$/;

// Every project drives Debian's Chromium headless shell.
const chromium = {
  browserName: "chromium" as const,
  launchOptions: { executablePath: HEADLESS_SHELL_PATH, args: CHROMIUM_FLAGS },
};

// The site decides nothing by pixel density (one image per picture, no resolution queries), so painting at one
// device pixel per CSS pixel tests the same pages for about a sixth less of the run's CPU (docs/testing.md). The
// iPhone profile keeps its phone's density: its layout checks measure text as a phone draws it.
const onePixel = { deviceScaleFactor: 1 };

/**
 * What the iPhone profile changes (iOS's viewport and user agent, in Chromium): the layout, the app launch, sharing.
 * WeChat on iOS has a profile of its own (wechat-ios). What no user agent changes (the routes, their content, the lists, the forms' server side,
 * navigation) runs on android and no-js; what the engine changes (the media and live players, the service worker)
 * runs on android and in real WebKit (the webkit project), not again in Chromium with another user agent.
 */
const IPHONE_SPECS = [/phone-layout\.spec\.ts$/, /app-launch\.spec\.ts$/, /article-share-meta\.spec\.ts$/];

/**
 * What WeChat's Android browser changes: its SDK on every page (one hydration sweep, wechat-hydration.spec.ts), share
 * cards, open tags, the app launch and the launch tips.
 */
const WECHAT_ANDROID_SPECS = [
  /app-launch\.spec\.ts$/,
  /article-share-meta\.spec\.ts$/,
  WECHAT_SPEC,
  /wechat-hydration\.spec\.ts$/,
  /launch-tips\.spec\.ts$/,
];

/** The specs whose behaviour differs between iOS WeChat, HarmonyOS NEXT and the other profiles. */
const PER_BROWSER_SPECS = [/app-launch\.spec\.ts$/];

/** Tagged tests change state that every other test reads; see the `exclusive` project. */
const EXCLUSIVE = new RegExp(EXCLUSIVE_TAG);

/**
 * What cannot depend on the phone runs once, on the android profile: whole specs of request- and process-level
 * checks, and single tests tagged `@once` in their title (a status, a header, a JSON route, the server's HTML).
 */
const ONCE_SPECS = [
  /accessibility\.spec\.ts$/,
  /alerts\.spec\.ts$/,
  /cluster\.spec\.ts$/,
  /edge\.spec\.ts$/,
  /frame-parents\.spec\.ts$/,
  /hostile-requests\.spec\.ts$/,
  /logs-and-readiness\.spec\.ts$/,
  /metrics\.spec\.ts$/,
  /page-cache\.spec\.ts$/,
  /platform-outage\.spec\.ts$/,
  /production-loads\.spec\.ts$/,
  /rate-limits\.spec\.ts$/,
  /real-users\.spec\.ts$/,
  /replicas\.spec\.ts$/,
  /service-worker\.spec\.ts$/,
  /slow-platform\.spec\.ts$/,
  /sms-outbox\.spec\.ts$/,
  /spec-constants\.spec\.ts$/,
  /traces\.spec\.ts$/,
  /tracking\.spec\.ts$/,
  /user-agents\.spec\.ts$/,
];
const ONCE_TAG = /@once/;
/** Every phone profile but android leaves out what runs once, and each leaves the exclusive tests to their project. */
const elsewhere = { testIgnore: ONCE_SPECS, grepInvert: [EXCLUSIVE, ONCE_TAG], teardown: "exclusive" };

const phoneProjects = [
  // iPhone Safari's viewport, touch and user agent, rendered by Chromium (Playwright's WebKit is unavailable).
  { name: "iphone", ...elsewhere, testMatch: IPHONE_SPECS, use: { phone: PHONES.iphone, ...devices["iPhone 13"], ...chromium } },
  { name: "android", grepInvert: EXCLUSIVE, teardown: "exclusive", use: { phone: PHONES.android, ...devices["Pixel 7"], ...chromium, ...onePixel } },
  {
    name: "wechat-android",
    ...elsewhere,
    testMatch: WECHAT_ANDROID_SPECS,
    use: { phone: PHONES["wechat-android"], ...devices["Pixel 7"], ...chromium, ...onePixel, userAgent: wechatUserAgent },
  },
  { name: "no-js", ...elsewhere, use: { phone: PHONES["no-js"], ...devices["Pixel 7"], ...chromium, ...onePixel, javaScriptEnabled: false } },
  // User-agent variants for what differs by browser: only the specs listed run on them. iOS WeChat differs in
  // opening the app and in WeChat's own behaviours, a mini program's web-view only in the latter.
  {
    name: "wechat-ios",
    ...elsewhere,
    testMatch: [...PER_BROWSER_SPECS, WECHAT_SPEC],
    use: { phone: PHONES["wechat-ios"], ...devices["iPhone 13"], ...chromium, ...onePixel, userAgent: wechatIOSUserAgent },
  },
  {
    name: "mini-program",
    ...elsewhere,
    testMatch: WECHAT_SPEC,
    use: { phone: PHONES["mini-program"], ...devices["iPhone 13"], ...chromium, ...onePixel, userAgent: miniProgramUserAgent },
  },
  {
    name: "harmony-next",
    ...elsewhere,
    testMatch: PER_BROWSER_SPECS,
    use: { phone: PHONES["harmony-next"], ...devices["Pixel 7"], ...chromium, ...onePixel, userAgent: harmonyNextUserAgent },
  },
  // Debian's WebKitGTK through WebKitWebDriver (tests/e2e/support/webkit.ts): its own flows, no Playwright browser.
  { name: "webkit", testMatch: /\.webkit\.ts$/, teardown: "exclusive" },
];

export default defineConfig<object, { phone: Phone }>({
  testDir: "tests/e2e",
  // Playwright empties outputDir at start; keep it apart from the JSON reports in test-results/.
  outputDir: `test-results/e2e-artifacts-${E2E_PORT}`,
  forbidOnly: isCI,
  retries: isCI ? 1 : 0,
  workers: 2,
  // The budget is the whole `npm test`'s (scripts/run-tests.sh sets when it began): the browser tests are stopped
  // where it ends, not given the time the steps before them took as well.
  globalTimeout: SUITE_BUDGET_MINUTES * 60_000 - (Date.now() - (Number(process.env.TEST_RUN_STARTED_AT_MS) || Date.now())),
  // A 2-core box building pages while two browsers render them is slow; be patient, not flaky.
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [["list"], ["json", { outputFile: "test-results/e2e.json" }]],
  use: {
    baseURL: E2E_ORIGIN,
    locale: "zh-CN",
    timezoneId: "Asia/Shanghai",
    navigationTimeout: 30_000,
    // Recording a trace slowed every test by a fifth to a third (docs/testing.md): CI records the retry of a failed
    // test, where the failure is seen again; a run on one's own machine keeps the trace of any failure.
    trace: isCI ? "on-first-retry" : "retain-on-failure",
    screenshot: "only-on-failure",
    // Each test's first page would install the worker and download the app shell again, about a fifth of a page
    // load's CPU: only the tests about the worker let it run (docs/testing.md).
    serviceWorkers: "block",
  },
  projects: [
    ...phoneProjects,
    // Tests that change what every other test reads (the demo's shared broadcasts): alone, once the rest are done.
    // The teardown of every phone project, so it runs after them whether or not they passed.
    { name: "exclusive", grep: EXCLUSIVE, use: { phone: PHONES.android, ...devices["Pixel 7"], ...chromium, ...onePixel } },
  ],
  webServer: {
    command: `rm -rf ${E2E_DATA_DIR} && mkdir -p ${E2E_DATA_DIR} && exec node build/server.js`,
    url: `${E2E_ORIGIN}/davmu/share/healthz`,
    env: E2E_SERVER_ENV,
    reuseExistingServer: !isCI,
    timeout: 120_000,
  },
});
