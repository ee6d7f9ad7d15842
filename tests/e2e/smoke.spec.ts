import { expect, test } from "./support/test";
import { waitForHydration } from "./support/hydration";

test("the host is alive @once", async ({ request }) => {
  const response = await request.get("/davmu/share/healthz");
  expect(response.status()).toBe(200);
  expect(await response.text()).toBe("ok");
});

test("/ redirects to the base path @once", async ({ request }) => {
  const response = await request.get("/", { maxRedirects: 0 });
  expect([301, 302, 307, 308]).toContain(response.status());
  expect(new URL(response.headers()["location"], "http://localhost").pathname).toBe("/davmu/share/");
});

test("the home page links to articles, and without DEBUG_CONSOLE loads no debug console", async ({ page, phone }) => {
  const requested: string[] = [];
  page.on("request", (request) => requested.push(request.url()));
  const response = await page.goto("/davmu/share/");
  expect(response?.status()).toBe(200);
  await expect(page.locator('a[href*="/doc/"][href$="/index.html"]').first()).toBeVisible();
  if (!phone.js) return;
  await waitForHydration(page, ".banner__open");
  await expect(page.locator("#__vconsole")).toHaveCount(0);
  expect(requested.filter((url) => /vconsole/i.test(url))).toEqual([]);
});
