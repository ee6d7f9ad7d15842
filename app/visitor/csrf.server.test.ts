import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { json, startFakePlatform } from "~/bff/fake-platform.test-support";

let platform: Awaited<ReturnType<typeof startFakePlatform>>;
let csrf: typeof import("~/visitor/csrf.server");
let session: typeof import("~/visitor/session.server");
let issued = 0;

const ORIGIN = "https://m.example.com";

beforeAll(async () => {
  platform = await startFakePlatform();
  csrf = await import("~/visitor/csrf.server");
  session = await import("~/visitor/session.server");
});
afterAll(() => platform.close());
beforeEach(() => {
  platform.answer((req, res) => {
    if (req.url?.endsWith("/peony/v1/auth")) {
      issued += 1;
      return json(res, { code: 0, message: "", data: { token: `anon-${issued}` } });
    }
    json(res, { code: 404, message: "no", data: null });
  });
});

const context = () => ({ origin: ORIGIN });
const page = (cookie?: string) => new Request(`${ORIGIN}/davmu/share/`, { headers: cookie ? { cookie } : {} });
const post = (headers: Record<string, string>, fields: Record<string, string> = {}) =>
  new Request(`${ORIGIN}/davmu/share/auth`, { method: "POST", headers, body: new URLSearchParams({ intent: "login", ...fields }) });

/** The status of what requireOwnForm threw, or "passed". */
async function verdict(request: Request, ctx = context()): Promise<number | "passed"> {
  try {
    await csrf.requireOwnForm(request, ctx);
    return "passed";
  } catch (error) {
    return (error as { init?: { status?: number } }).init?.status ?? -1;
  }
}

describe("requireOwnForm", () => {
  it("accepts a form the browser says is from our origin, without a token, and opens the visitor's session", async () => {
    const ctx = context();
    expect(await verdict(post({ origin: ORIGIN }), ctx)).toBe("passed");
    const visitor = await session.getVisitor(post({ origin: ORIGIN }), ctx);
    expect(visitor.csrfToken).toMatch(/^.{32,}$/);
    expect(visitor.deviceId).not.toBe("");
    expect(await session.commitVisitor(ctx)).toMatch(/^__share=/);
    expect(await verdict(post({ "sec-fetch-site": "same-origin" }))).toBe("passed");
  });

  it("refuses a form from another origin, or one that says it came from another site", async () => {
    expect(await verdict(post({ origin: "https://evil.example" }))).toBe(403);
    expect(await verdict(post({ "sec-fetch-site": "cross-site" }))).toBe(403);
  });

  it("asks a browser that names no origin for the session's token, and gives it one to reload with", async () => {
    const ctx = context();
    expect(await verdict(post({}), ctx)).toBe(403);
    const cookie = (await session.commitVisitor(ctx))!.split(";")[0]!;
    const token = (await session.getVisitor(page(cookie), context())).csrfToken;
    expect(token).not.toBe("");
    expect(await verdict(post({ cookie }, { csrf: token }))).toBe("passed");
    expect(await verdict(post({ cookie }, { csrf: "0".repeat(token.length) }))).toBe(403);
    expect(await verdict(post({ cookie }))).toBe(403);
  });
});
