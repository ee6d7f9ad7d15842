import { describe, expect } from "vitest";
import { z } from "zod";
import { anonymousTokens, json } from "~/bff/fake-platform.test-support";
import { fakePlatformTest } from "~/bff/fixtures.test-support";
import type { PostedForm, VisitorFacts } from "~/visitor/visitor-handle.server";

const tokens = anonymousTokens((res) => json(res, { code: 401, message: "登录状态已失效，请重新登录", data: null }));
const test = fakePlatformTest({ handle: () => import("~/visitor/visitor-handle.server"), client: () => import("~/bff/client.server") }).extend<{
  anonymousTokens: void;
}>({
  // Every test's platform hands out anonymous tokens and refuses everything else as a lapsed login.
  anonymousTokens: [async ({ platform }, use) => use(void platform.answer(tokens.handler)), { auto: true }],
});

/**
 * A request's facts as the host gives them (server/site.ts). A deadline of its own: on a loaded machine the platform's
 * short test timeout would end a call before its answer shows.
 */
const facts = (cookie?: string, posted: PostedForm | null = null): VisitorFacts => ({
  cookie,
  deadline: Date.now() + 30_000,
  clientIp: "203.0.113.9",
  signal: new AbortController().signal,
  posted,
});
const posted = (origin: PostedForm["origin"], fields: Record<string, string> = {}): PostedForm => {
  const form = new FormData();
  for (const [name, value] of Object.entries({ intent: "login", ...fields })) form.set(name, value);
  return { form, origin };
};
/** The Cookie header a browser sends back after a Set-Cookie. */
const sentBack = (setCookie: string | null) => setCookie?.split(";")[0] ?? "";

/** The status of what ownForm threw, or "passed". */
async function verdict(visitor: { ownForm(): Promise<FormData> }): Promise<number | "passed"> {
  try {
    await visitor.ownForm();
    return "passed";
  } catch (error) {
    return (error as { init?: { status?: number } }).init?.status ?? -1;
  }
}

describe("a visitor who only reads", () => {
  test("is opened without reading anything: no platform call, no session, no cookie", async ({ handle, platform }) => {
    const visitor = handle.openVisitor(facts());
    expect(await visitor.signedUserId()).toBeNull();
    expect(await visitor.commit()).toBeNull();
    expect(platform.seen).toEqual([]);
  });

  test("gets no session, no cookie and no token of their own: every such visitor reads with the site's one token", async ({ handle }) => {
    const before = tokens.issued();
    const [one, two] = [handle.openVisitor(facts()), handle.openVisitor(facts())];
    const first = await one.read();
    const second = await two.read();
    expect(first.csrfToken).toBe("");
    expect(first.deviceId).toBe("");
    expect(first.isLoggedIn).toBe(false);
    expect(first.token).toMatch(/^anon-/);
    expect(second.token).toBe(first.token);
    expect(second.requestId).toBe(first.requestId);
    expect(tokens.issued() - before).toBeLessThanOrEqual(1);
    expect(await one.commit()).toBeNull();
    expect(await two.commit()).toBeNull();
  });

  test("reads with a new token once the platform refuses the site's", async ({ handle, client }) => {
    const caller = await handle.openVisitor(facts()).caller(null);
    const refused = client.platformRequest("/peony/v1/content/x", caller, { schema: z.unknown() });
    await expect(refused).rejects.toMatchObject({ kind: "code", code: 401 });
    const next = await handle.openVisitor(facts()).read();
    expect(next.token).toMatch(/^anon-/);
    expect(next.token).not.toBe(caller.token);
  });
});

describe("a form post", () => {
  test("from our own page needs no token, and gives the visitor a session", async ({ handle }) => {
    const visitor = handle.openVisitor(facts(undefined, posted("own")));
    expect(await verdict(visitor)).toBe("passed");
    const { csrfToken, deviceId, token } = await visitor.read();
    expect(csrfToken).toMatch(/^.{32,}$/);
    expect(deviceId).not.toBe("");
    expect(token).toMatch(/^anon-/);
    expect(await visitor.commit()).toMatch(/^__share=/);
  });

  test("that names no origin needs the session's token: refused without it, and given a session to reload with", async ({ handle }) => {
    const first = handle.openVisitor(facts(undefined, posted("unsaid")));
    expect(await verdict(first)).toBe(403);
    const cookie = sentBack(await first.commit());
    const token = (await handle.openVisitor(facts(cookie)).read()).csrfToken;
    expect(token).not.toBe("");
    expect(await verdict(handle.openVisitor(facts(cookie, posted("unsaid", { csrf: token }))))).toBe("passed");
    expect(await verdict(handle.openVisitor(facts(cookie, posted("unsaid", { csrf: "0".repeat(token.length) }))))).toBe(403);
    expect(await verdict(handle.openVisitor(facts(cookie, posted("unsaid"))))).toBe(403);
  });

  test("is asked of a request without one with 405", async ({ handle }) => {
    expect(await verdict(handle.openVisitor(facts()))).toBe(405);
  });
});

describe("the session, once per request", () => {
  test("a toast is taken by the request, the same for each of its renders, and is gone from the next", async ({ handle }) => {
    const leaving = handle.openVisitor(facts(undefined, posted("own")));
    await leaving.ownForm();
    await leaving.flashToast({ text: "评论成功", kind: "success" });
    const cookie = sentBack(await leaving.commit());

    // A personal page made for the visitor, then the page rendered afresh for them after all, in one request.
    const next = handle.openVisitor(facts(cookie));
    expect(await next.takeToast()).toEqual({ text: "评论成功", kind: "success" });
    expect(await next.takeToast()).toEqual({ text: "评论成功", kind: "success" });
    const after = sentBack(await next.commit());
    expect(after).not.toBe("");
    expect(await next.commit(), "committed once").toBeNull();
    expect(await handle.openVisitor(facts(after)).takeToast()).toBeNull();
  });

  test("a login replaces the session: the new one is what the request commits", async ({ handle }) => {
    const visitor = handle.openVisitor(facts(undefined, posted("own")));
    await visitor.ownForm();
    const anonymous = await visitor.read();
    await visitor.startUserSession({ token: "user-token", userId: "42" });
    const loggedIn = await visitor.read();
    expect(loggedIn).toMatchObject({ isLoggedIn: true, token: "user-token", userId: "42", deviceId: anonymous.deviceId });
    expect(loggedIn.csrfToken).not.toBe(anonymous.csrfToken);
    const cookie = sentBack(await visitor.commit());
    expect(await handle.openVisitor(facts(cookie)).signedUserId()).toBe("42");
  });
});
