import type { ActionFunctionArgs } from "@remix-run/node";
import { describe, expect } from "vitest";
import { json, type Handler } from "~/bff/fake-platform.test-support";
import { fakePlatformTest } from "~/bff/fixtures.test-support";
import { NETWORK_ERROR_TEXT } from "~/lib/network-error";
import { renderContext } from "~/render/render-record.server";

/**
 * A platform answer the site cannot read (code 0 with no data, or data of the wrong types) on a form post
 * is the platform's fault: the friendly 503, never a 4xx that blames the visitor. Each write as its action runs it.
 */
const test = fakePlatformTest(
  {
    auth: () => import("~/routes/auth"),
    interactions: () => import("~/route-support/interaction-action.server"),
    handles: () => import("~/visitor/visitor-handle.server"),
    sessions: () => import("~/visitor/session.server"),
  },
  { timeoutMs: 2000 },
);

const MALFORMED = [
  ["no data", null],
  ["a text for data", "ok"],
  ["fields of the wrong types", { token: 42, user_id: { id: 1 }, gid: 7, is_collect: "yes", is_followed: 1, booked: "no", id: [] }],
] as const;

/** Anonymous tokens as asked; every other call (a login included) answered with `data`. */
const answering =
  (data: unknown): Handler =>
  (req, res, body) => {
    const anonymous = req.url?.endsWith("/peony/v1/auth") && !("account" in JSON.parse(body || "{}"));
    json(res, { code: 0, message: "", data: anonymous ? { token: "anon-1" } : data });
  };

type Handles = { handles: typeof import("~/visitor/visitor-handle.server") };
type Sessions = { sessions: typeof import("~/visitor/session.server") };

/** An action's arguments for a post of `fields` from the site's own page, by a visitor with `cookie`. */
function post({ handles }: Handles, fields: Record<string, string>, cookie?: string): ActionFunctionArgs {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  const url = "http://localhost:3000/davmu/share/news/doc/2026/11/abc/index.html";
  const visitor = handles.openVisitor({
    cookie,
    deadline: Date.now() + 30_000,
    clientIp: "203.0.113.7",
    signal: new AbortController().signal,
    posted: { form, origin: "own" },
  });
  const context = renderContext({ visitor, origin: "http://localhost:3000", clientIp: "203.0.113.7" } as Parameters<typeof renderContext>[0], null);
  return { request: new Request(url, { method: "POST" }), context, params: {} } as unknown as ActionFunctionArgs;
}

let logins = 0;

/** The Cookie header of a logged-in visitor's session, each with a token of its own (live chat counts per token). */
async function loggedIn({ sessions }: Sessions): Promise<string> {
  const session = await sessions.readSession(undefined);
  session.set("userToken", `user-token-${++logins}`);
  session.set("userId", "7");
  session.set("csrf", "csrf-token-of-the-session");
  return (await sessions.sessionCookie(session)).split(";")[0];
}

/** The status of what an action answered or threw (Remix's `data()` carries it in `init`). */
async function statusOf(answer: Promise<unknown>): Promise<{ status: number; body: unknown }> {
  const settled = await answer.then(
    (value) => value,
    (thrown: unknown) => thrown,
  );
  const { init, data } = settled as { init?: { status?: number }; data?: unknown };
  return { status: init?.status ?? (settled instanceof Response ? settled.status : 200), body: data };
}

describe("a login the platform answers with what the site cannot read", () => {
  test.for(MALFORMED)("answers the network-error text with a 503 when code 0 carries %s", async ([, data], { platform, auth, handles }) => {
    platform.answer(answering(data));
    const args = post({ handles }, { intent: "login", mode: "phone", phone: "13800138000", code: "123456", agreed: "1" });
    const { status, body } = await statusOf(auth.action(args));
    expect(status).toBe(503);
    expect(body).toMatchObject({ message: NETWORK_ERROR_TEXT });
  });

  test("still shows a refusal's own message, with a 400 (a code other than 0 is the platform's answer)", async ({ platform, auth, handles }) => {
    platform.answer((req, res, body) =>
      req.url?.endsWith("/peony/v1/auth") && "account" in JSON.parse(body || "{}")
        ? json(res, { code: 40001, message: "验证码错误", data: null })
        : answering(null)(req, res, body),
    );
    const args = post({ handles }, { intent: "login", mode: "phone", phone: "13800138000", code: "123456", agreed: "1" });
    expect(await statusOf(auth.action(args))).toMatchObject({ status: 400, body: { message: "验证码错误" } });
  });
});

describe("a logged-in visitor's write the platform answers with what the site cannot read", () => {
  const WRITES: Array<[string, Record<string, string>]> = [
    ["a comment", { intent: "comment", content: "写得好", track_id: "t" }],
    ["a collect", { intent: "collect", type: "add", track_id: "t" }],
    ["a follow", { intent: "follow", type: "add", mp: "mp-1" }],
    ["a live booking", { intent: "live_book", type: "add", live_id: "live-1" }],
    ["a live chat message", { intent: "live_chat", content: "你好", live_id: "live-1", js: "1" }],
    ["live likes", { intent: "live_like", count: "3", live_id: "live-1", js: "1" }],
  ];

  // A like's only field is a count, which reads as 0 when it is not one, like every count the site shows.
  for (const [name, data] of MALFORMED.slice(0, 2)) {
    test.for(WRITES)(
      `answers the friendly 503 for %s when code 0 carries ${name}`,
      async ([, fields], { platform, interactions, handles, sessions }) => {
        platform.answer(answering(data));
        const args = post({ handles }, fields, await loggedIn({ sessions }));
        const { status } = await statusOf(interactions.interactionAction(args, { postId: "p-1", commentFooter: true, live: true }));
        expect(status).toBe(503);
      },
    );
  }
});
