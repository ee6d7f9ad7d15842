import { test as base, expect, type APIRequestContext, type BrowserContextOptions, type Page, type PlaywrightWorkerArgs } from "@playwright/test";
import { E2E_ORIGIN } from "./e2e-server";
import { bridgeCalls, installFakeWeChat, type BridgeCall, type FakeWeChatOptions } from "./fake-wechat";
import { expectSameDocument, loadMore } from "./load-more";
import { demoStorageState, newUserStorageState, type NewUser, type StorageState } from "./login";
import { PHONES, type Phone } from "./phones";
import { statsOf, type VisitorStats } from "./stats-visitor";
import { articleUrl } from "./urls";

/**
 * The e2e specs' `test`: Playwright's, with the phone profile each project emulates as an option, the logged-in
 * users, and the per-test tools the specs share. Every spec imports `test` and `expect` from here
 * (the lint checks it, eslint.config.js).
 */

/**
 * Plain articles the seed does not single out (no SEED_FIXTURES entry), one per profile and slot, so that tests
 * which may run at the same time never write to the same article. Slot 0: comments, follows and a new user's
 * collect, whose count is checked (each has under a thousand collects, shown exactly); slot 1: the demo account's
 * collect and comments; slot 2: the page-cache spec, which runs on one profile.
 */
const SCRATCH_ARTICLES: Partial<Record<Phone["profile"], readonly number[]>> = {
  iphone: [8, 7],
  android: [9, 12, 5],
  "wechat-android": [10, 17],
  "no-js": [11, 18],
};

type ScratchArticle = { id: number; url: string };

/** The fake WeChat installed in the test's page, and what the page asked of it. */
export type FakeWeChat = {
  /** The bridge calls the page has made so far, optionally of one name. */
  calls(name?: string): Promise<BridgeCall[]>;
  /** Waits until the page has made at least `count` calls of `name`, and returns them. */
  callsOf(name: string, count: number): Promise<BridgeCall[]>;
};

type WorkerFixtures = {
  /** The phone profile this project emulates (playwright.config.ts sets it per project). */
  phone: Phone;
  /** The demo account logged in by password once per worker: a storage state for `test.use`. */
  demoUser: StorageState;
  /** Registers a brand-new user by code. Each call spends one code of the per-IP hourly budget. */
  newUser: () => Promise<NewUser>;
  /** The new user each spec file shares within this worker (see `fileUser`). */
  fileUsers: Map<string, Promise<NewUser>>;
  /** The worker's one tab (see `tab`), opened when a test first asks. */
  workerTab: { get(): Promise<Page>; discard(): Promise<void> };
};

type TestFixtures = {
  /**
   * A tab this worker's read-only tests share, for a test that opens pages and reads them: an anonymous visitor
   * in this profile's phone (cookies and storage cleared before each test), in the light scheme. Pages opened one
   * after another in one tab took about half the CPU of the same pages each in a tab of its own, whether in a new
   * context or not (docs/testing.md). A test that logs in, writes, or changes what cannot be undone here (init
   * scripts, the clock, the viewport, going offline) takes `page`. The listeners and routes a test adds are removed
   * after it and the scheme set back to light; a failed test's tab is closed, not reused.
   */
  tab: Page;
  /**
   * One brand-new user per spec file and worker, made when a test of the file first asks: the platform allows a
   * user 5 comments a minute, and the per-IP budget of codes is small. Log a file's tests in with
   * `test.use({ storageState: ({ fileUser }, use) => use(fileUser.storageState) })`.
   */
  fileUser: NewUser;
  /** This profile's scratch article in `slot`: an article no test of another profile writes to. */
  scratchArticle: (slot?: number) => ScratchArticle;
  /** How the fake WeChat answers where it differs from this profile's WeChat (a mini program's web-view or not). */
  fakeWeChatOptions: FakeWeChatOptions;
  /** WeChat faked in the test's page before it opens anything (support/fake-wechat.ts). */
  fakeWeChat: FakeWeChat;
  /** The statistics the platform counted for the file's user (`fileUser`): every content and page it was counted on. */
  visitorStats: VisitorStats;
  /** Clicks load-more in `tab` the way this profile does: a page load without JavaScript, a fetch with it. */
  loadMore: () => Promise<void>;
  /** After `loadMore`: with JavaScript, asserts it appended in place; without, its page load was checked already. */
  expectSameDocument: () => Promise<void>;
};

/** The context options a project sets (playwright.config.ts: the device's and the shared `use`) that `tab` repeats. */
const TAB_OPTIONS = [
  "baseURL",
  "userAgent",
  "viewport",
  "screen",
  "deviceScaleFactor",
  "isMobile",
  "hasTouch",
  "javaScriptEnabled",
  "locale",
  "timezoneId",
  "serviceWorkers",
] as const satisfies readonly (keyof BrowserContextOptions)[];

/** A request context of its own for a worker-scoped login, closed once the login is done. */
async function withOwnRequest<T>(playwright: PlaywrightWorkerArgs["playwright"], run: (request: APIRequestContext) => Promise<T>): Promise<T> {
  const request = await playwright.request.newContext({ baseURL: E2E_ORIGIN });
  try {
    return await run(request);
  } finally {
    await request.dispose();
  }
}

export const test = base.extend<TestFixtures, WorkerFixtures>({
  phone: [PHONES.android, { scope: "worker", option: true }],
  demoUser: [async ({ playwright }, use) => use(await withOwnRequest(playwright, (request) => demoStorageState(request))), { scope: "worker" }],
  newUser: [async ({ playwright }, use) => use(() => withOwnRequest(playwright, (request) => newUserStorageState(request))), { scope: "worker" }],
  fileUsers: [async ({}, use) => use(new Map()), { scope: "worker", box: true }],
  workerTab: [
    async ({ browser }, use, workerInfo) => {
      const projectUse = workerInfo.project.use as Record<string, unknown>;
      const options = Object.fromEntries(TAB_OPTIONS.filter((key) => projectUse[key] !== undefined).map((key) => [key, projectUse[key]]));
      let tab: Promise<Page> | undefined;
      await use({
        get: () => (tab ??= browser.newContext({ ...options, colorScheme: "light" }).then((context) => context.newPage())),
        async discard() {
          const closing = tab;
          tab = undefined;
          await (await closing)?.context().close();
        },
      });
      await (await tab)?.context().close();
    },
    { scope: "worker", box: true },
  ],
  tab: async ({ workerTab }, use, testInfo) => {
    const tab = await workerTab.get();
    // Cleared where the last test left the tab: a page in between, even about:blank or a plain-text page of the
    // site, cost as much CPU as a new context. The site stores only recent searches and a visit's scheme there; a
    // new tab is still on about:blank, which has no storage to clear.
    if (tab.url() !== "about:blank") {
      await tab.evaluate(() => {
        localStorage.clear();
        sessionStorage.clear();
      });
    }
    await tab.context().clearCookies();
    await use(tab);
    tab.removeAllListeners();
    if (testInfo.status !== testInfo.expectedStatus) {
      await testInfo.attach("screenshot", { body: await tab.screenshot(), contentType: "image/png" }).catch(() => undefined);
      await workerTab.discard();
    } else {
      await tab.unrouteAll({ behavior: "ignoreErrors" });
      await tab.emulateMedia({ colorScheme: "light" });
    }
  },
  fileUser: async ({ fileUsers, newUser }, use, testInfo) => {
    if (!fileUsers.has(testInfo.file)) fileUsers.set(testInfo.file, newUser());
    await use(await fileUsers.get(testInfo.file)!);
  },
  scratchArticle: async ({ phone }, use) => {
    await use((slot = 0) => {
      const id = SCRATCH_ARTICLES[phone.profile]?.[slot];
      if (id === undefined) throw new Error(`no scratch article in slot ${slot} for the ${phone.profile} profile: give it one of its own`);
      return { id, url: articleUrl(id) };
    });
  },
  fakeWeChatOptions: [{}, { option: true }],
  fakeWeChat: async ({ page, phone, fakeWeChatOptions }, use) => {
    await installFakeWeChat(page, { miniProgram: phone.miniProgram, ...fakeWeChatOptions });
    await use({
      calls: (name) => bridgeCalls(page, name),
      async callsOf(name, count) {
        await expect.poll(async () => (await bridgeCalls(page, name)).length, { message: `${count} × ${name}` }).toBeGreaterThanOrEqual(count);
        return bridgeCalls(page, name);
      },
    });
  },
  visitorStats: async ({ fileUser, request }, use) => use(() => statsOf(request, fileUser.phone)),
  loadMore: async ({ tab, phone }, use) => use(() => loadMore(tab, phone.js)),
  expectSameDocument: async ({ tab, phone }, use) => use(() => expectSameDocument(tab, phone.js)),
});

export { expect };
