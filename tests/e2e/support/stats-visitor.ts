import { devices, expect, test, type APIRequestContext } from "@playwright/test";
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from "../../../scripts/chromium.mjs";
import { statsPath } from "../../../platform/routes/dev";
import type { ContentStats } from "../../../platform/routes/tracker";
import { E2E_DEV_KEY } from "./e2e-server";
import { newUserStorageState } from "./login";

/**
 * Statistics seen end to end are read for one brand-new user (`tel`), whatever other specs browse at the same time.
 * Called at the top of a spec file: its tests on `project` browse as that user, under browser settings that let
 * the beacons a page sends as it leaves reach the site. Returns the visitor's rows of the development statistics
 * page, every content and page they were counted on.
 */
export function statsVisitor(project: string): (request: APIRequestContext) => Promise<ContentStats[]> {
  let visitor: Awaited<ReturnType<typeof newUserStorageState>> | undefined;
  test.beforeAll(async ({ playwright }, testInfo) => {
    if (testInfo.project.name !== project) return;
    const request = await playwright.request.newContext({ baseURL: testInfo.project.use.baseURL });
    visitor = await newUserStorageState(request);
    await request.dispose();
  });
  test.use({
    storageState: async ({}, use) => use(visitor?.storageState),
    // A beacon sent as the page goes carries the browser's own user agent, not the profile's override: headless
    // Chromium's says HeadlessChrome, which the site rightly drops as a robot's. The phone's, as on a real phone.
    launchOptions: { executablePath: CHROMIUM_PATH, args: [...CHROMIUM_FLAGS, `--user-agent=${devices["Pixel 7"].userAgent}`] },
    // Under Playwright, tracing and a controlling service worker each hold back the requests a page makes as it
    // unloads: with either, no leaving beacon reaches the site (seen with Chromium 15x, and again with the built
    // worker, which leaves every POST and /api/ request to the network: app/lib/service-worker-rules.ts).
    trace: "off",
    serviceWorkers: "block",
  });
  return async (request) => {
    const response = await request.get(`/_platform${statsPath(E2E_DEV_KEY)}&tel=${visitor!.phone}`, { headers: { accept: "application/json" } });
    expect(response.status()).toBe(200);
    return ((await response.json()) as { data: { list: ContentStats[] } }).data.list;
  };
}
