import { describe, expect } from "vitest";
import { z } from "zod";
import { anonymousTokens, json } from "~/bff/fake-platform.test-support";
import { fakePlatformTest } from "~/bff/fixtures.test-support";
import type { PostedForm, VisitorFacts } from "~/visitor/visitor-handle.server";

const tokens = anonymousTokens((res) => json(res, { code: 401, message: "登录状态已失效，请重新登录", data: null }));
const test = fakePlatformTest({
  handle: () => import("~/visitor/visitor-handle.server"),
  client: () => import("~/bff/client.server"),
  identity: () => import("~/visitor/reader-identity.server"),
}).extend<{
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
const sentBack = (setCookies: string[]) => setCookies.map((setCookie) => setCookie.split(";")[0]).join("; ");

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
    expect(await visitor.commit()).toEqual([]);
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
    expect(await one.commit()).toEqual([]);
    expect(await two.commit()).toEqual([]);
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
    expect(await visitor.commit()).toEqual([expect.stringMatching(/^__share=/)]);
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
    expect(await next.commit(), "committed once").toEqual([]);
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

describe("a reader's own identity", () => {
  /** A reader who asked for their identity once: the Cookie header their browser sends from then on. */
  async function identified(handle: { openVisitor(facts: VisitorFacts): { ownIdentity(): Promise<unknown>; commit(): Promise<string[]> } }) {
    const asking = handle.openVisitor(facts(undefined, posted("own")));
    const ids = (await asking.ownIdentity()) as { deviceId: string; anonymousId: string };
    const cookies = await asking.commit();
    expect(cookies).toEqual([expect.stringMatching(/^__reader=.*; Path=\/davmu\/share\/?; .*HttpOnly/i)]);
    // The fake platform numbers its tokens: the last one handed out is theirs.
    return { ids, cookie: sentBack(cookies), token: `anon-${tokens.issued()}` };
  }

  test("is issued once asked: a token and ids of their own, which every later call of theirs carries", async ({ handle, platform }) => {
    const { ids, cookie, token } = await identified(handle);
    expect(ids.deviceId).toMatch(/^[0-9a-f]{32}$/);
    expect(platform.seen.find((call) => call.url.endsWith("/peony/v1/auth"))?.headers["x-request-id"]).toBe(ids.anonymousId);
    const reader = handle.openVisitor(facts(cookie));
    const visitor = await reader.read();
    expect(visitor).toMatchObject({ token, deviceId: ids.deviceId, requestId: ids.anonymousId, isLoggedIn: false, csrfToken: "" });
    expect(await reader.caller(null)).toMatchObject({ token, requestId: ids.anonymousId });
    // Reading makes no session and sets no cookie: the reader's pages stay the stored ones.
    expect(await reader.commit()).toEqual([]);
    // Asked again while the token is young, nothing new is issued.
    const again = handle.openVisitor(facts(cookie, posted("own")));
    expect(await again.ownIdentity()).toEqual(ids);
    expect(await again.commit()).toEqual([]);
  });

  test("two readers are two: their own tokens and ids", async ({ handle }) => {
    const [one, two] = [await identified(handle), await identified(handle)];
    expect(one.ids.deviceId).not.toBe(two.ids.deviceId);
    expect(one.ids.anonymousId).not.toBe(two.ids.anonymousId);
    const [first, second] = [await handle.openVisitor(facts(one.cookie)).read(), await handle.openVisitor(facts(two.cookie)).read()];
    expect(first.token).not.toBe(second.token);
  });

  test("becomes the session's at a form post: the same reader, with the same token", async ({ handle }) => {
    const { ids, cookie, token } = await identified(handle);
    const posting = handle.openVisitor(facts(cookie, posted("own")));
    expect(await verdict(posting)).toBe("passed");
    expect(await posting.read()).toMatchObject({ token, deviceId: ids.deviceId, requestId: ids.anonymousId });
    const session = sentBack(await posting.commit());
    expect(session).toMatch(/^__share=/);
    // The session now speaks for them; asking for an identity again issues none.
    const later = handle.openVisitor(facts(`${session}; ${cookie}`, posted("own")));
    expect(await later.ownIdentity()).toBeNull();
    expect(await later.read()).toMatchObject({ deviceId: ids.deviceId, requestId: ids.anonymousId });
  });

  test("renews an ageing token and keeps the reader's ids", async ({ handle, identity }) => {
    const weekOld = Math.floor(Date.now() / 1000) - 8 * 24 * 60 * 60;
    const held = { deviceId: "d".repeat(32), anonymousId: "a".repeat(32), token: "old-token", issuedAt: weekOld };
    const cookie = sentBack([await identity.identityCookie(held)]);
    expect((await handle.openVisitor(facts(cookie)).read()).token, "still usable").toBe("old-token");
    const asking = handle.openVisitor(facts(cookie, posted("own")));
    expect(await asking.ownIdentity()).toEqual({ deviceId: held.deviceId, anonymousId: held.anonymousId });
    const renewed = sentBack(await asking.commit());
    expect(await handle.openVisitor(facts(renewed)).read()).toMatchObject({ token: `anon-${tokens.issued()}`, deviceId: held.deviceId });
    // A token past its life is not sent: the reader reads with the site's until their browser asks again.
    const lapsed = sentBack([await identity.identityCookie({ ...held, issuedAt: weekOld - 30 * 24 * 60 * 60 })]);
    const visitor = await handle.openVisitor(facts(lapsed)).read();
    expect(visitor.token).not.toBe("old-token");
    expect(visitor).toMatchObject({ deviceId: held.deviceId, requestId: held.anonymousId });
  });

  test("a hostile cookie is no identity: read as the site, never a failure, and a fresh identity when asked", async ({ handle, identity }) => {
    const { cookie } = await identified(handle);
    const value = cookie.slice("__reader=".length);
    const [signed, signature] = [value.slice(0, value.lastIndexOf(".")), value.slice(value.lastIndexOf(".") + 1)];
    const reSigned = async (fields: object) => sentBack([await identity.identityCookie(fields as never)]);
    const hostile = [
      // Another reader's ids with a signature that is not ours.
      `__reader=${signed}.${"A".repeat(signature.length)}`,
      `__reader=${signed}.%%%not-base64`,
      `__reader=${"A".repeat(5000)}`,
      "__reader=garbage",
      "__reader=",
      `__reader=${encodeURIComponent(btoa(JSON.stringify({ deviceId: "x".repeat(32) })))}`,
      // Signed by us, but not the shape of an identity: a path-like id, an oversized token, extra fields.
      await reSigned({ deviceId: "../../etc/passwd", anonymousId: "a".repeat(32), token: "t", issuedAt: 1 }),
      await reSigned({ deviceId: "d".repeat(32), anonymousId: "a".repeat(32), token: "t".repeat(5000), issuedAt: 1 }),
      await reSigned({ deviceId: "d".repeat(32), anonymousId: "a".repeat(32), token: "t", issuedAt: 1, userToken: "x" }),
    ];
    for (const forged of hostile) {
      expect(await identity.readIdentity(forged), forged.slice(0, 60)).toBeNull();
      const visitor = await handle.openVisitor(facts(forged)).read();
      expect(visitor.deviceId, forged.slice(0, 60)).toBe("");
      const asking = handle.openVisitor(facts(forged, posted("own")));
      const fresh = (await asking.ownIdentity()) as { deviceId: string };
      expect(fresh.deviceId).toMatch(/^[0-9a-f]{32}$/);
      expect(await asking.commit()).toEqual([expect.stringMatching(/^__reader=/)]);
    }
  });
});
