import { randomBytes } from "node:crypto";
import { createCookieSessionStorage, type Session } from "@remix-run/node";
import { fetchAnonymousToken } from "~/bff/auth.server";
import { generateAnonymousId } from "~/bff/client.server";
import { env } from "~/env.server";
import { BASE_PATH } from "~/lib/base-path";

export type Toast = { text: string; kind?: "success" | "error" | "info" };

type SessionData = {
  anonToken: string;
  userToken: string;
  userId: string;
  deviceId: string;
  requestId: string;
  csrf: string;
};
type FlashData = { toast: Toast };

const storage = createCookieSessionStorage<SessionData, FlashData>({
  cookie: {
    name: "__share",
    path: BASE_PATH,
    httpOnly: true,
    sameSite: "lax",
    secure: env.cookieSecure,
    secrets: [env.sessionSecret],
    maxAge: 60 * 60 * 24 * 30,
  },
});

/** The visitor behind one request: their platform token and ids, never sent to page scripts. */
export type Visitor = {
  token: string | null;
  userId: string | null;
  deviceId: string;
  requestId: string;
  csrfToken: string;
  isLoggedIn: boolean;
};

type VisitorState = { session: Session<SessionData, FlashData>; dirty: boolean };

// One session per request, however many loaders ask for it; keyed by the per-request load context.
const states = new WeakMap<object, Promise<VisitorState>>();

function token(bytes = 16) {
  return randomBytes(bytes).toString("hex");
}

async function loadState(request: Request): Promise<VisitorState> {
  const session = await storage.getSession(request.headers.get("cookie"));
  const state: VisitorState = { session, dirty: false };
  for (const [key, make] of [
    ["deviceId", () => token()],
    ["requestId", generateAnonymousId],
    ["csrf", () => token(24)],
  ] as const) {
    if (!session.get(key)) {
      session.set(key, make());
      state.dirty = true;
    }
  }
  if (!session.get("userToken") && !session.get("anonToken")) {
    // Spec section 8: a missing token is not an error; the visitor goes on without one if the platform fails.
    try {
      session.set("anonToken", await fetchAnonymousToken({ token: null, requestId: session.get("requestId") ?? null }));
      state.dirty = true;
    } catch (error) {
      console.warn(`anonymous token unavailable: ${(error as Error).message}`);
    }
  }
  return state;
}

function stateFor(request: Request, context: object): Promise<VisitorState> {
  let state = states.get(context);
  if (!state) {
    state = loadState(request);
    states.set(context, state);
  }
  return state;
}

function toVisitor({ session }: VisitorState): Visitor {
  const userToken = session.get("userToken") ?? null;
  return {
    token: userToken ?? session.get("anonToken") ?? null,
    userId: userToken ? (session.get("userId") ?? null) : null,
    deviceId: session.get("deviceId") ?? "",
    requestId: session.get("requestId") ?? "",
    csrfToken: session.get("csrf") ?? "",
    isLoggedIn: userToken !== null,
  };
}

export async function getVisitor(request: Request, context: object): Promise<Visitor> {
  return toVisitor(await stateFor(request, context));
}

/** The toast left by the previous request (a flash: read once). */
export async function takeToast(request: Request, context: object): Promise<Toast | null> {
  const state = await stateFor(request, context);
  const toast = state.session.get("toast") ?? null;
  if (toast) state.dirty = true;
  return toast;
}

export async function flashToast(request: Request, context: object, toast: Toast): Promise<void> {
  const state = await stateFor(request, context);
  state.session.flash("toast", toast);
  state.dirty = true;
}

/** Replaces the session with a logged-in one: a new session, not the anonymous one mutated. */
export async function startUserSession(
  request: Request,
  context: object,
  user: { token: string; userId: string },
): Promise<void> {
  const previous = await stateFor(request, context);
  const session = await storage.getSession();
  session.set("userToken", user.token);
  session.set("userId", user.userId);
  session.set("deviceId", previous.session.get("deviceId") ?? token());
  session.set("requestId", generateAnonymousId());
  session.set("csrf", token(24));
  states.set(context, Promise.resolve({ session, dirty: true }));
}

/** Back to an anonymous visitor after logout. */
export async function endUserSession(request: Request, context: object, anonToken: string | null): Promise<void> {
  const previous = await stateFor(request, context);
  const session = await storage.getSession();
  if (anonToken) session.set("anonToken", anonToken);
  session.set("deviceId", previous.session.get("deviceId") ?? token());
  session.set("requestId", generateAnonymousId());
  session.set("csrf", token(24));
  states.set(context, Promise.resolve({ session, dirty: true }));
}

/** The Set-Cookie value when this request changed the session, else null. */
export async function commitVisitor(context: object): Promise<string | null> {
  const state = await states.get(context);
  if (!state?.dirty) return null;
  state.dirty = false;
  return storage.commitSession(state.session);
}

/** Response headers carrying the session cookie, for resource routes (which bypass entry.server). */
export async function sessionHeaders(context: object): Promise<HeadersInit> {
  const cookie = await commitVisitor(context);
  return cookie ? { "Set-Cookie": cookie } : {};
}

/** The caller a BFF call needs, from the visitor and the request's abort signal. */
export function callerFor(visitor: Visitor, request: Request) {
  return { token: visitor.token, requestId: visitor.requestId, signal: request.signal };
}
