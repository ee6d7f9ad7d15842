import { devices, expect, type APIRequestContext, type PlaywrightWorkerOptions } from "@playwright/test";
import { CHROMIUM_FLAGS, HEADLESS_SHELL_PATH } from "../../../scripts/chromium.mjs";
import { statsPath } from "../../../platform/routes/dev";
import type { ContentStats } from "../../../platform/routes/tracker";
import { E2E_DEV_KEY } from "./e2e-server";

/**
 * Statistics seen end to end are read for one brand-new user (the `fileUser` fixture), whatever other specs browse
 * at the same time. A spec that reads them browses under these settings (`test.use` at the top of the file), which
 * let the beacons a page sends as it leaves reach the site.
 */
export const STATS_VISITOR_BROWSER: Pick<PlaywrightWorkerOptions, "launchOptions" | "trace"> = {
  // A beacon sent as the page goes carries the browser's own user agent, not the profile's override: headless
  // Chromium's says HeadlessChrome, which the site rightly drops as a robot's. The phone's, as on a real phone.
  launchOptions: { executablePath: HEADLESS_SHELL_PATH, args: [...CHROMIUM_FLAGS, `--user-agent=${devices["Pixel 7"].userAgent}`] },
  // Under Playwright, tracing and a controlling service worker each hold back the requests a page makes as it
  // unloads: with either, no leaving beacon reaches the site (seen with Chromium 15x, and again with the built
  // worker, which leaves every POST and /api/ request to the network: app/lib/service-worker-rules.ts). The worker
  // is blocked for every spec but its own (playwright.config.ts).
  trace: "off",
};

/** The `visitorStats` fixture: reads the statistics of the file's new user. */
export type VisitorStats = () => Promise<ContentStats[]>;

/** The visitor's rows of the development statistics page: every content and page it was counted on. */
export async function statsOf(request: APIRequestContext, phone: string): Promise<ContentStats[]> {
  const response = await request.get(`/_platform${statsPath(E2E_DEV_KEY)}&tel=${phone}`, { headers: { accept: "application/json" } });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { data: { list: ContentStats[] } }).data.list;
}
