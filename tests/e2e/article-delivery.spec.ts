import { createHash } from "node:crypto";
import { expect, test } from "./support/test";
import { SEED_FIXTURES } from "../../platform/seed";
import { E2E_ORIGIN } from "./support/e2e-server";
import { expectCleanHtmlBytes } from "./support/html-bytes";
import { waitForHydration } from "./support/hydration";
import { articleUrl } from "./support/urls";

/** How an article page is delivered: clean bytes, security headers, cached assets, no console errors. */

const METRO = articleUrl(SEED_FIXTURES.manyComments);
const ELEVATORS = articleUrl(SEED_FIXTURES.withReplies);

test.describe("article page: delivery", () => {
  test("serves article HTML without NUL bytes or broken UTF-8 @once", async ({ request }) => {
    for (const dbId of [SEED_FIXTURES.manyComments, SEED_FIXTURES.withReplies, SEED_FIXTURES.article, SEED_FIXTURES.hostile]) {
      await expectCleanHtmlBytes(request, articleUrl(dbId));
    }
  });

  test("no attribute or text in the rendered page holds a replacement character", async ({ tab: page }) => {
    await page.goto(ELEVATORS);
    const broken = await page.evaluate(() => {
      const found: string[] = [];
      for (const el of document.querySelectorAll("*")) {
        for (const { name, value } of el.attributes) if (/[\u0000\uFFFD]/.test(value)) found.push(`<${el.tagName} ${name}="${value}">`);
      }
      if (/[\u0000\uFFFD]/.test(document.body.innerText)) found.push("body text");
      return found;
    });
    expect(broken).toEqual([]);
  });

  test("security headers: a strict CSP that allows exactly the page's own inline scripts, compressed HTML @once", async ({ request }) => {
    const first = await request.get(METRO, { headers: { "accept-encoding": "gzip, br" } });
    const csp = first.headers()["content-security-policy"] ?? "";
    const scriptSrc = /script-src ([^;]*)/.exec(csp)?.[1] ?? "";
    expect(scriptSrc).not.toContain("'unsafe-inline'");
    expect(first.headers()["content-encoding"]).toMatch(/gzip|br/);
    expect(first.headers()["x-content-type-options"]).toBe("nosniff");

    // An anonymous page is shared by every visitor (the page cache), so its inline scripts are allowed by their
    // SHA-256 hashes rather than by a per-request nonce; a script with neither would not run.
    const html = await first.text();
    const inline = [...html.matchAll(/<script(?![^>]*type="application\/ld\+json")(?![^>]*\ssrc=)([^>]*)>([\s\S]*?)<\/script>/g)];
    expect(inline.length).toBeGreaterThan(0);
    for (const [, attributes, text] of inline) {
      const nonce = /nonce="([^"]+)"/.exec(attributes)?.[1];
      const hash = `'sha256-${createHash("sha256").update(text, "utf8").digest("base64")}'`;
      expect(nonce ? scriptSrc.includes(`'nonce-${nonce}'`) : scriptSrc.includes(hash), `inline script allowed: ${text.slice(0, 60)}`).toBe(true);
    }
  });

  test("hashed assets are cached as immutable @once", async ({ request }) => {
    const html = await (await request.get(METRO)).text();
    const asset = /\/davmu\/share\/assets\/[\w.-]+-[\w-]{6,}\.js/.exec(html)?.[0];
    expect(asset, "a hashed script in the article HTML").toBeTruthy();
    const response = await request.get(asset!);
    expect(response.status()).toBe(200);
    expect(response.headers()["cache-control"]).toMatch(/immutable/);
    expect(response.headers()["cache-control"]).toMatch(/max-age=\d{6,}/);
  });

  test.describe(() => {
    test.use({ serviceWorkers: "allow" });

    test("loads without console errors and registers the service worker", async ({ page, phone }) => {
      test.skip(!phone.js, "needs JavaScript");
      const errors: string[] = [];
      page.on("console", (message) => {
        if (message.type() === "error") errors.push(message.text());
      });
      page.on("pageerror", (error) => errors.push(error.message));
      await page.goto(METRO);
      await waitForHydration(page, ".footer-bar");
      await expect
        .poll(() => page.evaluate(async () => (await navigator.serviceWorker?.getRegistration())?.scope ?? ""))
        .toBe(`${E2E_ORIGIN}/davmu/share/`);
      expect(errors).toEqual([]);
    });
  });
});
