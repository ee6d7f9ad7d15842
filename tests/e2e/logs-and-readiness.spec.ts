import { once } from "node:events";
import { createServer, type AddressInfo } from "node:net";
import type { APIRequestContext } from "@playwright/test";
import { expect, test } from "./support/test";
import { SEED_FIXTURES } from "../../platform/seed";
import { failedStart, startControllablePlatform, startSite, type LogLine } from "./support/platform-outage";
import { articleUrl } from "./support/urls";

/**
 * What an operator gets from the built site. Its readiness does not depend on the platform, it goes unready
 * while it drains, and every line it writes is a JSON object with a level, those of a request with its id. Not a
 * phone behaviour: it runs once (playwright.config.ts); the steps build on each other.
 */
test.describe.configure({ mode: "serial" });

let platform: Awaited<ReturnType<typeof startControllablePlatform>>;
let site: Awaited<ReturnType<typeof startSite>>;
const SHUTDOWN_DELAY_MS = 8000;
const LEVELS = ["trace", "debug", "info", "warn", "error", "fatal"];

test.beforeAll(async () => {
  platform = await startControllablePlatform();
  // Unreachable from the start: the site must come up and say it is ready all the same.
  platform.set("down");
  site = await startSite({ PLATFORM_API_URL: platform.url, LOG_LEVEL: "debug", SHUTDOWN_DELAY_MS: String(SHUTDOWN_DELAY_MS) });
});

test.afterAll(() => {
  site?.stop();
  platform?.close();
});

/** Asks for `path` as a proxy would, with the request id it chose; answers the status. */
async function askWithId(request: APIRequestContext, path: string, id: string): Promise<number> {
  const response = await request.get(site.origin + path, { headers: { "x-request-id": id } });
  expect(response.headers()["x-request-id"]).toBe(id);
  return response.status();
}

/** The site's lines for the request `id`, once its own line (written when it is answered) is there. */
async function linesOf(id: string): Promise<LogLine[]> {
  await expect.poll(() => site.logLines().some((line) => line.requestId === id && line.msg === "request completed")).toBe(true);
  return site.logLines().filter((line) => line.requestId === id);
}

function expectEveryLineJsonWithALevel() {
  const lines = site.logLines();
  expect(lines.length).toBeGreaterThan(0);
  for (const line of lines) {
    expect(LEVELS, JSON.stringify(line)).toContain(line.level);
    expect(typeof line.msg, JSON.stringify(line)).toBe("string");
    expect(Date.parse(line.time), JSON.stringify(line)).not.toBeNaN();
  }
}

test("the platform unreachable: the site is ready, says nothing of the platform publicly, and logs the failed calls under the request's id", async ({
  request,
}) => {
  const ready = await request.get(`${site.origin}/davmu/share/readyz`);
  expect([ready.status(), await ready.text()]).toEqual([200, "ready"]);

  expect(await askWithId(request, articleUrl(SEED_FIXTURES.article), "e2e-logs-outage-page")).toBe(503);
  const lines = await linesOf("e2e-logs-outage-page");
  expect(lines).toEqual(
    expect.arrayContaining([
      expect.objectContaining({
        level: "warn",
        msg: "upstream call failed",
        service: "peony",
        path: "/peony/v1/content/:id",
        failure: "unavailable",
        attempt: 1,
      }),
      expect.objectContaining({ level: "info", msg: "request completed", method: "GET", status: 503 }),
    ]),
  );
  // The ids of the article stay out of the upstream lines: they name the endpoint, in words, versions and `:id`.
  for (const line of lines.filter(({ msg }) => msg.startsWith("upstream call")))
    expect(line.path).toMatch(/^(?:\/(?:[a-z]+(?:[_-][a-z]+)*|v\d+|:id))+$/);
  expectEveryLineJsonWithALevel();
});

test("the platform back: a page's upstream calls and the page cache's decision are logged at debug under the request's id", async ({ request }) => {
  platform.set("up");
  // The breakers opened during the outage let a probe through after their pause.
  await expect.poll(async () => (await request.get(site.origin + articleUrl(SEED_FIXTURES.article))).status(), { timeout: 30_000 }).toBe(200);
  expect(await askWithId(request, articleUrl(SEED_FIXTURES.manyComments), "e2e-logs-fresh-page")).toBe(200);
  expect(await linesOf("e2e-logs-fresh-page")).toEqual(
    expect.arrayContaining([
      expect.objectContaining({
        level: "debug",
        msg: "upstream call",
        service: "peony",
        path: "/peony/v1/content/:id",
        status: 200,
        breaker: "closed",
      }),
      expect.objectContaining({ level: "debug", msg: "page cache", pageCache: "MISS" }),
      expect.objectContaining({ level: "info", msg: "request completed", status: 200 }),
    ]),
  );
  expectEveryLineJsonWithALevel();
});

test("SIGTERM: unready at once while it still serves, then drained and gone, every line JSON to the last", async ({ request }) => {
  const exited = new Promise<number | null>((resolve) => site.process.once("exit", (code) => resolve(code)));
  site.process.kill("SIGTERM");
  await expect.poll(async () => (await request.get(`${site.origin}/davmu/share/readyz`)).text()).toBe("not ready: draining");
  // Until the balancers have noticed, visitors are still served.
  expect((await request.get(`${site.origin}/davmu/share/readyz`)).status()).toBe(503);
  expect((await request.get(`${site.origin}/davmu/share/healthz`)).status()).toBe(200);
  expect((await request.get(site.origin + articleUrl(SEED_FIXTURES.manyComments))).status()).toBe(200);
  expect(await exited).toBe(0);
  const messages = site.logLines().map(({ msg }) => msg);
  expect(messages.indexOf("drained: exiting")).toBeGreaterThan(messages.indexOf("shutting down: unready, then draining"));
  expectEveryLineJsonWithALevel();
});

test("a site that cannot start says why in JSON and exits 1: an environment it refuses", async () => {
  const { code, lines } = await failedStart({ SESSION_SECRET: "too-short" });
  expect(code).toBe(1);
  const fatal = lines.find((line) => line.level === "fatal");
  expect(fatal?.msg).toBe("the site could not start");
  expect(JSON.stringify(fatal?.err)).toContain("SESSION_SECRET");
  for (const line of lines) expect(Date.parse(line.time), JSON.stringify(line)).not.toBeNaN();
});

for (const entry of ["build/server.js", "build/cluster.js"]) {
  test(`production without a platform refuses to start unless DEMO_PLATFORM=1, in one line naming it (${entry})`, async () => {
    const { code, lines } = await failedStart({ DEMO_PLATFORM: undefined }, entry);
    expect(code).toBe(1);
    const fatal = lines.filter((line) => line.level === "fatal");
    expect(fatal).toHaveLength(1);
    expect((fatal[0].err as { message: string }).message).toMatch(/^Invalid environment: DEMO_PLATFORM: [^\n]+$/);
  });
}

test("a site that cannot start says why in JSON and exits 1: its port taken", async () => {
  const taken = createServer().listen(0, "127.0.0.1");
  await once(taken, "listening");
  try {
    const { code, lines } = await failedStart({ PORT: String((taken.address() as AddressInfo).port) });
    expect(code).toBe(1);
    const fatal = lines.find((line) => line.level === "fatal");
    expect(fatal?.msg).toBe("the site could not start");
    expect(JSON.stringify(fatal?.err)).toContain("EADDRINUSE");
  } finally {
    taken.close();
  }
});
