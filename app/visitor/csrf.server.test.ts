import { describe, expect } from "vitest";
import { anonymousTokens, json } from "~/bff/fake-platform.test-support";
import { fakePlatformTest } from "~/bff/fixtures.test-support";

const ORIGIN = "https://m.example.com";

const tokens = anonymousTokens((res) => json(res, { code: 404, message: "no", data: null }));
const test = fakePlatformTest({ csrf: () => import("~/visitor/csrf.server"), session: () => import("~/visitor/session.server") }).extend<{
  anonymousTokens: void;
}>({
  // Every test's platform hands out anonymous tokens and knows nothing else.
  anonymousTokens: [async ({ platform }, use) => use(void platform.answer(tokens.handler)), { auto: true }],
});

const context = () => ({ origin: ORIGIN });
const page = (cookie?: string) => new Request(`${ORIGIN}/davmu/share/`, { headers: cookie ? { cookie } : {} });
const post = (headers: Record<string, string>, fields: Record<string, string> = {}) =>
  new Request(`${ORIGIN}/davmu/share/auth`, { method: "POST", headers, body: new URLSearchParams({ intent: "login", ...fields }) });

/** The status of what requireOwnForm threw, or "passed". */
async function verdict(csrf: typeof import("~/visitor/csrf.server"), request: Request, ctx = context()): Promise<number | "passed"> {
  try {
    await csrf.requireOwnForm(request, ctx);
    return "passed";
  } catch (error) {
    return (error as { init?: { status?: number } }).init?.status ?? -1;
  }
}

describe("requireOwnForm", () => {
  test("accepts a form the browser says is from our origin, without a token, and opens the visitor's session", async ({ csrf, session }) => {
    const ctx = context();
    expect(await verdict(csrf, post({ origin: ORIGIN }), ctx)).toBe("passed");
    const visitor = await session.getVisitor(post({ origin: ORIGIN }), ctx);
    expect(visitor.csrfToken).toMatch(/^.{32,}$/);
    expect(visitor.deviceId).not.toBe("");
    expect(await session.commitVisitor(ctx)).toMatch(/^__share=/);
    expect(await verdict(csrf, post({ "sec-fetch-site": "same-origin" }))).toBe("passed");
  });

  test("refuses a form from another origin, or one that says it came from another site", async ({ csrf }) => {
    expect(await verdict(csrf, post({ origin: "https://evil.example" }))).toBe(403);
    expect(await verdict(csrf, post({ "sec-fetch-site": "cross-site" }))).toBe(403);
  });

  test("asks a browser that names no origin for the session's token, and gives it one to reload with", async ({ csrf, session }) => {
    const ctx = context();
    expect(await verdict(csrf, post({}), ctx)).toBe(403);
    const cookie = (await session.commitVisitor(ctx))!.split(";")[0]!;
    const token = (await session.getVisitor(page(cookie), context())).csrfToken;
    expect(token).not.toBe("");
    expect(await verdict(csrf, post({ cookie }, { csrf: token }))).toBe("passed");
    expect(await verdict(csrf, post({ cookie }, { csrf: "0".repeat(token.length) }))).toBe(403);
    expect(await verdict(csrf, post({ cookie }))).toBe(403);
  });
});
