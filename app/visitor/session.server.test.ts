import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { json, startFakePlatform } from "~/bff/fake-platform.test-support";

let platform: Awaited<ReturnType<typeof startFakePlatform>>;
let session: typeof import("~/visitor/session.server");
let client: typeof import("~/bff/client.server");
let issued = 0;

beforeAll(async () => {
  platform = await startFakePlatform();
  session = await import("~/visitor/session.server");
  client = await import("~/bff/client.server");
  platform.answer((req, res) => {
    if (req.url?.endsWith("/peony/v1/auth")) {
      issued += 1;
      return json(res, { code: 0, message: "", data: { token: `anon-${issued}` } });
    }
    json(res, { code: 401, message: "登录状态已失效，请重新登录", data: null });
  });
});
afterAll(() => platform.close());

const page = () => new Request("https://m.example.com/davmu/share/");

describe("a visitor who only reads", () => {
  it("gets no session, no cookie and no token of their own: every such visitor reads with the site's one token", async () => {
    const before = issued;
    const [one, two] = [{}, {}];
    const first = await session.getVisitor(page(), one);
    const second = await session.getVisitor(page(), two);
    expect(first.csrfToken).toBe("");
    expect(first.deviceId).toBe("");
    expect(first.isLoggedIn).toBe(false);
    expect(first.token).toMatch(/^anon-/);
    expect(second.token).toBe(first.token);
    expect(second.requestId).toBe(first.requestId);
    expect(issued - before).toBeLessThanOrEqual(1);
    expect(await session.commitVisitor(one)).toBeNull();
    expect(await session.commitVisitor(two)).toBeNull();
  });

  it("reads with a new token once the platform refuses the site's", async () => {
    const { token } = await session.getVisitor(page(), {});
    // A deadline of its own: on a loaded machine a timeout would never show the platform's refusal.
    const refused = client.platformRequest("/peony/v1/content/x", { token, requestId: null, deadline: Date.now() + 30_000 }, { schema: z.unknown() });
    await expect(refused).rejects.toMatchObject({ kind: "code", code: 401 });
    const next = await session.getVisitor(page(), {});
    expect(next.token).toMatch(/^anon-/);
    expect(next.token).not.toBe(token);
  });
});
