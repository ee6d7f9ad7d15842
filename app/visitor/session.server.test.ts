import { describe, expect } from "vitest";
import { z } from "zod";
import { anonymousTokens, json } from "~/bff/fake-platform.test-support";
import { fakePlatformTest } from "~/bff/fixtures.test-support";

const tokens = anonymousTokens((res) => json(res, { code: 401, message: "登录状态已失效，请重新登录", data: null }));
const test = fakePlatformTest({ session: () => import("~/visitor/session.server"), client: () => import("~/bff/client.server") }).extend<{
  anonymousTokens: void;
}>({
  // Every test's platform hands out anonymous tokens and refuses everything else as a lapsed login.
  anonymousTokens: [async ({ platform }, use) => use(void platform.answer(tokens.handler)), { auto: true }],
});

const page = () => new Request("https://m.example.com/davmu/share/");

describe("a visitor who only reads", () => {
  test("gets no session, no cookie and no token of their own: every such visitor reads with the site's one token", async ({ session }) => {
    const before = tokens.issued();
    const [one, two] = [{}, {}];
    const first = await session.getVisitor(page(), one);
    const second = await session.getVisitor(page(), two);
    expect(first.csrfToken).toBe("");
    expect(first.deviceId).toBe("");
    expect(first.isLoggedIn).toBe(false);
    expect(first.token).toMatch(/^anon-/);
    expect(second.token).toBe(first.token);
    expect(second.requestId).toBe(first.requestId);
    expect(tokens.issued() - before).toBeLessThanOrEqual(1);
    expect(await session.commitVisitor(one)).toBeNull();
    expect(await session.commitVisitor(two)).toBeNull();
  });

  test("reads with a new token once the platform refuses the site's", async ({ session, client }) => {
    const { token } = await session.getVisitor(page(), {});
    // A deadline of its own: on a loaded machine a timeout would never show the platform's refusal.
    const refused = client.platformRequest("/peony/v1/content/x", { token, requestId: null, deadline: Date.now() + 30_000 }, { schema: z.unknown() });
    await expect(refused).rejects.toMatchObject({ kind: "code", code: 401 });
    const next = await session.getVisitor(page(), {});
    expect(next.token).toMatch(/^anon-/);
    expect(next.token).not.toBe(token);
  });
});
