import { type Page } from "@playwright/test";
import { expect, test } from "./support/test";
import { SEED_FIXTURES } from "../../platform/seed";
import { sendRaw } from "../../server/middleware/raw-http.test-support";
import { E2E_PORT } from "./support/e2e-server";
import { authUrl, DEMO_LOGIN_FORM, fromOwnPage } from "./support/login";
import { articleUrl } from "./support/urls";

/** Hostile requests get a 4xx before any page code runs, and no redirect leaves the site. */

// Nothing here depends on the phone or on JavaScript: it runs once (playwright.config.ts).

const OFF_SITE = "/davmu/share//evil.example/phish";

test("login and logout never redirect off the site, whatever the redirect field says", async ({ page }) => {
  await page.goto(authUrl(OFF_SITE, "pass"));
  await expect(page.locator("form.login input[name=redirect]")).toHaveValue("/davmu/share/");

  // The form's hidden field is only a suggestion: post hostile values directly.
  for (const redirect of [OFF_SITE, "//evil.example", "/davmu/share/\\evil.example", "/davmu/share/%2F%2Fevil.example", "javascript:alert(1)"]) {
    // Logging in and out each start a new session, with a new CSRF token: read it from the page each time.
    await page.goto(authUrl(redirect, "pass"));
    const login = await page.request.post("/davmu/share/auth", {
      form: { ...(await csrfField(page)), ...DEMO_LOGIN_FORM, redirect },
      headers: fromOwnPage(),
      maxRedirects: 0,
    });
    expect(login.status(), redirect).toBe(302);
    expect(login.headers().location, redirect).toBe("/davmu/share/");

    await page.goto(authUrl(redirect));
    const logout = await page.request.post("/davmu/share/auth", {
      form: { ...(await csrfField(page)), intent: "logout", redirect },
      maxRedirects: 0,
    });
    expect(logout.status(), redirect).toBe(302);
    expect(logout.headers().location, redirect).toBe("/davmu/share/");
  }
});

async function csrfField(page: Page): Promise<{ csrf: string }> {
  return { csrf: await page.locator("main input[name=csrf]").first().inputValue() };
}

const ARTICLE = articleUrl(SEED_FIXTURES.article);

const send = (head: string, body = "") => sendRaw(E2E_PORT, head, body);

const HOST = `localhost:${E2E_PORT}`;

test("malformed requests get a 4xx with the friendly page, never a 500", async () => {
  const cases: [string, number][] = [
    [`GET ${ARTICLE} HTTP/1.1\r\nHost: a b`, 400],
    [`GET ${ARTICLE} HTTP/1.1\r\nHost: :80`, 400],
    [`GET ${ARTICLE} HTTP/1.1\r\nHost: evil.example`, 400],
    [`GET ${ARTICLE} HTTP/1.1\r\nHost: ${HOST}\r\nX-Forwarded-Proto: javascript`, 400],
    [`GET http://${HOST}${ARTICLE} HTTP/1.1\r\nHost: ${HOST}`, 400],
    [`OPTIONS * HTTP/1.1\r\nHost: ${HOST}`, 400],
    [`TRACE ${ARTICLE} HTTP/1.1\r\nHost: ${HOST}`, 405],
    [`DELETE /davmu/share/auth HTTP/1.1\r\nHost: ${HOST}`, 405],
  ];
  for (const [head, status] of cases) {
    const answer = await send(head);
    expect(answer.status, head).toBe(status);
    expect(answer.headers["content-type"], head).toMatch(/^text\/html/);
    expect(answer.body, head).toContain("返回首页");
  }
  // The site itself still answers its own host; a target naming another host in its path is only a path here.
  expect((await send(`GET ${ARTICLE} HTTP/1.1\r\nHost: ${HOST}`)).status).toBe(200);
  const pathOnly = await send(`GET //evil.example${ARTICLE} HTTP/1.1\r\nHost: ${HOST}`);
  expect(pathOnly.status).toBe(404);
});

test("POST bodies that are not a form get 415 or 400, as pages and as data requests", async () => {
  const bodies: [string | null, string, number][] = [
    ["application/json", '{"intent":"login"}', 415],
    ["text/plain", "intent=login", 415],
    ["application/xml", "<intent>login</intent>", 415],
    [null, "intent=login", 415],
    ["multipart/form-data", '--x\r\nContent-Disposition: form-data; name="intent"\r\n\r\nlogin\r\n--x--\r\n', 400],
    ["multipart/form-data; boundary=y", '--x\r\nContent-Disposition: form-data; name="intent"\r\n\r\nlogin\r\n--x--\r\n', 400],
  ];
  for (const path of ["/davmu/share/auth", ARTICLE]) {
    for (const suffix of ["", ".data"]) {
      for (const [type, body, status] of bodies) {
        const head = `POST ${path}${suffix} HTTP/1.1\r\nHost: ${HOST}${type ? `\r\nContent-Type: ${type}` : ""}`;
        const answer = await send(head, body);
        expect(answer.status, head).toBe(status);
        if (suffix) expect(JSON.parse(answer.body), head).toMatchObject({ status });
        else expect(answer.body, head).toContain("返回首页");
      }
    }
  }
});
