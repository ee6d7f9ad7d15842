import { devices, type APIRequestContext, type APIResponse, type Page } from "@playwright/test";
import { expect, test } from "./support/test";
import type { ContentStats } from "../../platform/routes/tracker";
import { statsPath } from "../../platform/routes/dev";
import { E2E_DEV_KEY, E2E_ORIGIN } from "./support/e2e-server";
import { seedArticle } from "./support/seed-content";
import { STATS_VISITOR_BROWSER } from "./support/stats-visitor";
import { articleUrl, urlId } from "./support/urls";

/**
 * One identity per reader, with stored pages still shared (docs/decisions/0015-reader-identity-cookie.md): each
 * reader's browser asks for a device id, an anonymous id and an anonymous token of its own once the page is shown,
 * the statistics count readers by it, and the page they read is the stored one, the same bytes for everyone.
 */

const IDENTITY = "/davmu/share/api/reader-identity";
/** Plain seed articles the statistics are read on; the readers' own device ids keep other specs' views out. */
const [FIRST, SECOND] = [seedArticle(16), seedArticle(12)];

type Ids = { device_id: string; anonymous_id: string };
type StatsAnswer = { list: ContentStats[]; readers: number };

/** Opens the page and waits for its identity, which its statistics go with; then asks the site for its ids, as the page did. */
async function readAs(page: Page, url: string): Promise<Ids> {
  const asked = page.waitForResponse((response) => new URL(response.url()).pathname === IDENTITY);
  await page.goto(url);
  expect((await asked).status()).toBe(200);
  return page.evaluate(
    (path) => fetch(path, { method: "POST", body: new URLSearchParams() }).then((answer) => answer.json() as Promise<Ids>),
    IDENTITY,
  );
}

async function statsOfReaders(request: APIRequestContext, readers: Ids[]): Promise<StatsAnswer> {
  const devicesParam = readers.map((ids) => ids.device_id).join(",");
  const response = await request.get(`/_platform${statsPath(E2E_DEV_KEY)}&device=${devicesParam}`, { headers: { accept: "application/json" } });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { data: StatsAnswer }).data;
}

// So that the beacons a page sends as it leaves reach the site.
test.use(STATS_VISITOR_BROWSER);

const rowOf = (answer: StatsAnswer, dbId: number) => answer.list.find((row) => row.content_id === urlId(dbId));

function expectShared(response: APIResponse) {
  expect(response.status()).toBe(200);
  expect(response.headers()["cache-control"]).toMatch(/^public, /);
  expect(response.headers()["set-cookie"]).toBeUndefined();
}

test.describe("two readers with JavaScript", () => {
  test.skip(({ phone }) => !phone.js, "the identity is asked for by the page's script");

  test("of one stored page are two readers; one reader of two pages is one; both get the page's same bytes", async ({ page, browser, request }) => {
    const other = await browser.newContext({ ...devices["Pixel 7"], baseURL: E2E_ORIGIN, serviceWorkers: "block" });
    const otherPage = await other.newPage();
    const one = await readAs(page, articleUrl(FIRST.id));
    const two = await readAs(otherPage, articleUrl(FIRST.id));
    expect(one.device_id).toMatch(/^[0-9a-f]{32}$/);
    expect(two.device_id).not.toBe(one.device_id);
    expect(two.anonymous_id).not.toBe(one.anonymous_id);
    // The identity is a cookie of its own, out of page scripts' reach; reading made no session.
    for (const context of [page.context(), other]) {
      const cookies = await context.cookies();
      expect(cookies.find((cookie) => cookie.name === "__reader")).toMatchObject({ httpOnly: true, sameSite: "Lax" });
      expect(cookies.find((cookie) => cookie.name === "__share")).toBeUndefined();
    }

    // The stored page, with each reader's cookies: the same bytes, shared, with nothing of either reader.
    await expect(async () => {
      const [mine, theirs] = [await page.request.get(articleUrl(FIRST.id)), await other.request.get(articleUrl(FIRST.id))];
      expectShared(mine);
      expectShared(theirs);
      expect(theirs.headers()["x-cache"]).toBe("HIT");
      const [bytes, otherBytes] = [await mine.body(), await theirs.body()];
      expect(otherBytes.equals(bytes)).toBe(true);
      for (const id of [one.device_id, one.anonymous_id, two.device_id, two.anonymous_id]) expect(bytes.includes(id)).toBe(false);
    }).toPass();

    // The first reader goes on to another page: their first page's read goes as it hides, and the second's view.
    // A page's statistics start a second after its identity and send every two seconds: on a busy machine, give
    // both readers' events more than the default ten seconds to arrive.
    await page.goto(articleUrl(SECOND.id));
    await expect
      .poll(
        async () => {
          const answer = await statsOfReaders(request, [one, two]);
          return { first: rowOf(answer, FIRST.id)?.readers, firstViews: rowOf(answer, FIRST.id)?.views, second: rowOf(answer, SECOND.id)?.readers };
        },
        { timeout: 30_000 },
      )
      .toEqual({ first: 2, firstViews: 2, second: 1 });
    const both = await statsOfReaders(request, [one, two]);
    expect(both.readers, "three page views by two readers").toBe(2);
    const first = await statsOfReaders(request, [one]);
    expect(first.readers, "one reader of two pages").toBe(1);
    expect(first.list.map((row) => row.content_id).sort()).toEqual([urlId(FIRST.id), urlId(SECOND.id)].sort());
    await other.close();
  });
});

test.describe("a reader without JavaScript", () => {
  test.skip(({ phone }) => phone.js, "what a page without scripts does");

  test("reads, and no identity is asked for", async ({ page }) => {
    const asked: string[] = [];
    page.on("request", (request) => {
      if (new URL(request.url()).pathname === IDENTITY) asked.push(request.url());
    });
    await page.goto(articleUrl(FIRST.id));
    await expect(page.locator("h1")).toContainText(FIRST.title);
    expect(asked).toEqual([]);
    expect((await page.context().cookies()).map((cookie) => cookie.name)).not.toContain("__reader");
  });
});

test.describe("the identity route @once", () => {
  test("issues an identity in a cookie of its own, gives its ids and never its token, and keeps it when asked again", async ({ playwright }) => {
    const reader = await playwright.request.newContext({ baseURL: E2E_ORIGIN, userAgent: devices["Pixel 7"].userAgent });
    const first = await reader.post(IDENTITY, { form: {}, headers: { origin: E2E_ORIGIN } });
    expect(first.status()).toBe(200);
    expect(first.headers()["cache-control"]).toBe("no-store");
    const setCookie = first.headers()["set-cookie"] ?? "";
    expect(setCookie).toMatch(/^__reader=/);
    for (const attribute of [/; Path=\/davmu\/share\/(;|$)/, /; HttpOnly(;|$)/, /; SameSite=Lax(;|$)/, /; Max-Age=\d{7,}(;|$)/])
      expect(setCookie).toMatch(attribute);
    const ids = (await first.json()) as Ids;
    expect(Object.keys(ids).sort()).toEqual(["anonymous_id", "device_id"]);
    const again = await reader.post(IDENTITY, { form: {}, headers: { origin: E2E_ORIGIN } });
    expect(await again.json()).toEqual(ids);
    expect(again.headers()["set-cookie"]).toBeUndefined();
    // Their page is the stored one, shared as every reader's.
    const stored = await reader.get(articleUrl(FIRST.id));
    expectShared(stored);
    expect((await stored.body()).includes(ids.device_id)).toBe(false);
    expect((await reader.get(IDENTITY)).status()).toBe(405);
    await reader.dispose();
  });

  test("a forged, garbled or oversized identity cookie gets a fresh identity, never an error", async ({ playwright }) => {
    const forged = [
      "__reader=eyJkZXZpY2VJZCI6ImFhYWEifQ%3D%3D.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA",
      "__reader=%%%.!!!",
      `__reader=${"A".repeat(3000)}`,
      "__reader=",
    ];
    for (const cookie of forged) {
      const reader = await playwright.request.newContext({ baseURL: E2E_ORIGIN, userAgent: devices["Pixel 7"].userAgent });
      const page = await reader.get(articleUrl(FIRST.id), { headers: { cookie } });
      expectShared(page);
      const answer = await reader.post(IDENTITY, { form: {}, headers: { origin: E2E_ORIGIN, cookie } });
      expect(answer.status(), cookie.slice(0, 40)).toBe(200);
      expect(((await answer.json()) as Ids).device_id).toMatch(/^[0-9a-f]{32}$/);
      expect(answer.headers()["set-cookie"]).toMatch(/^__reader=/);
      await reader.dispose();
    }
  });

  test("a robot is given no identity", async ({ playwright }) => {
    const robot = await playwright.request.newContext({
      baseURL: E2E_ORIGIN,
      userAgent: "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)",
    });
    const answer = await robot.post(IDENTITY, { form: {}, headers: { origin: E2E_ORIGIN } });
    expect(answer.status()).toBe(204);
    expect(answer.headers()["set-cookie"]).toBeUndefined();
    await robot.dispose();
  });
});
