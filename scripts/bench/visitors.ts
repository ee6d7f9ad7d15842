/** Logged-in visitors, logged in through the /auth form with the e2e specs' own helpers, as Cookie headers. */
import { request as playwrightRequest } from "@playwright/test";
import { BASE_PATH } from "../../app/lib/base-path";
import { demoStorageState, newUserStorageState } from "../../tests/e2e/support/login";
import { MOBILE_UA } from "./constants";

type StorageState = Awaited<ReturnType<typeof demoStorageState>>;

/** A visitor's cookie jar: name → value, updated from every answer's Set-Cookie. */
export function cookieJar(initial = "") {
  const jar = new Map(
    initial
      .split("; ")
      .filter(Boolean)
      .map((pair) => [pair.split("=")[0], pair]),
  );
  return {
    header: () => [...jar.values()].join("; "),
    update(response: Response) {
      for (const line of response.headers.getSetCookie()) {
        const pair = line.split(";")[0];
        const name = pair.split("=")[0];
        if (/max-age=0|expires=thu, 01 jan 1970/i.test(line)) jar.delete(name);
        else jar.set(name, pair);
      }
    },
  };
}

export type CookieJar = ReturnType<typeof cookieJar>;

/** Logs in with `login` on a request context of the server's own, then lands on the home page (its toast rewrites the cookie). */
async function loggedIn(origin: string, login: (request: Parameters<typeof demoStorageState>[0]) => Promise<StorageState>): Promise<string> {
  const request = await playwrightRequest.newContext({ baseURL: origin, extraHTTPHeaders: { "user-agent": MOBILE_UA } });
  try {
    const { cookies } = await login(request);
    if (cookies.length === 0) throw new Error("the login set no cookie");
    const jar = cookieJar(cookies.map(({ name, value }) => `${name}=${value}`).join("; "));
    const landed = await fetch(origin + BASE_PATH, { headers: { "user-agent": MOBILE_UA, cookie: jar.header() } });
    if (landed.status !== 200) throw new Error(`the home page after login answered ${landed.status}`);
    jar.update(landed);
    await landed.arrayBuffer();
    return jar.header();
  } finally {
    await request.dispose();
  }
}

/** The session cookie of the seeded demo account, logged in by password. */
export const demoCookie = (origin: string) => loggedIn(origin, (request) => demoStorageState(request, origin));

/**
 * The session cookie of a brand-new user, registered by their first code login (the code from the development outbox of
 * the platform at `platformOrigin`, or of the site's embedded one).
 */
export const newUserCookie = (origin: string, platformOrigin?: string) =>
  loggedIn(origin, async (request) => (await newUserStorageState(request, origin, platformOrigin)).storageState);
