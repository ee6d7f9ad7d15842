import { randomBytes } from "node:crypto";
import { createCookieSessionStorage, type Session } from "@remix-run/node";
import { LRUCache } from "lru-cache";
import { fetchAccount } from "~/bff/account.server";
import { fetchAnonymousToken } from "~/bff/auth.server";
import { generateAnonymousId, onTokenRefused, PlatformError, sidePart, type Caller } from "~/bff/client.server";
import { env } from "~/runtime/env.server";
import { BASE_PATH } from "~/lib/base-path";
import { SESSION_COOKIE } from "~/lib/session-cookie";
import type { Toast } from "~/lib/toast";
import { logger } from "~/runtime/logger.server";


type SessionData = {
  anonToken: string;
  userToken: string;
  userId: string;
  deviceId: string;
  requestId: string;
  csrf: string;
  /** When a verification code was last sent, for the countdown of a page without JavaScript. */
  codeSentAt: number;
  /** An interaction a logged-out visitor asked for; carried out right after they log in. */
  pending: string;
};
type FlashData = { toast: Toast };

const storage = createCookieSessionStorage<SessionData, FlashData>({
  cookie: {
    name: SESSION_COOKIE,
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
  /** "" until the visitor has a session of their own (see openVisitorSession). */
  deviceId: string;
  requestId: string;
  /** "" until the visitor has a session of their own. */
  csrfToken: string;
  isLoggedIn: boolean;
  /** The logged-in user's profile for the avatar; null for an anonymous visitor. */
  user: { alias: string; avatar: string } | null;
};

type VisitorState = {
  session: Session<SessionData, FlashData>;
  dirty: boolean;
  user: Visitor["user"];
  /** The shared identity a visitor without a platform token of their own reads with. */
  reader: Reader | null;
};

// One session per request, however many loaders ask for it; keyed by the per-request load context.
const states = new WeakMap<object, Promise<VisitorState>>();

function token(bytes = 16) {
  return randomBytes(bytes).toString("hex");
}

function freshSession(previous: Session<SessionData, FlashData>, fields: Partial<SessionData>) {
  const session = storage.getSession();
  return session.then((fresh) => {
    for (const [key, value] of Object.entries(fields)) fresh.set(key as keyof SessionData, value as never);
    fresh.set("deviceId", previous.get("deviceId") ?? token());
    fresh.set("requestId", generateAnonymousId());
    fresh.set("csrf", token(24));
    return fresh;
  });
}

/**
 * A logged-in visitor's profile (the avatar), asked for once a minute per login rather than on every page view;
 * a token revoked meanwhile shows as logged in for at most that long (the platform still refuses its writes).
 */
const profiles = new LRUCache<string, NonNullable<Visitor["user"]>>({ max: 10_000, ttl: 60_000 });

/**
 * Spec section 4: a stored login is restored on every visit. A token the platform no longer accepts
 * (expired or revoked) turns the visitor anonymous; an outage keeps the login, without a profile.
 */
async function restoreUser(state: VisitorState, deadline: number | undefined): Promise<void> {
  const userToken = state.session.get("userToken");
  const userId = state.session.get("userId");
  if (!userToken || !userId) return;
  const known = profiles.get(userToken);
  if (known) {
    state.user = known;
    return;
  }
  // The profile only fills the avatar: a side part of the page, like the anonymous token below.
  const caller = sidePart({ token: userToken, requestId: state.session.get("requestId") ?? null, deadline });
  try {
    const user = await fetchAccount(caller, userId);
    state.user = { alias: user.alias, avatar: user.avatar };
    profiles.set(userToken, state.user);
  } catch (error) {
    if (error instanceof PlatformError && error.kind === "code" && error.code === 401) {
      const anonToken = await fetchAnonymousToken({ ...caller, token: null }).catch(() => null);
      state.session = await freshSession(state.session, anonToken ? { anonToken } : {});
      state.dirty = true;
      return;
    }
    state.user = { alias: "", avatar: "" };
  }
}

/** The request's upstream deadline, when the host set one (see LoadContext). */
function deadlineOf(context: object): number | undefined {
  return (context as { deadline?: number }).deadline;
}

async function loadState(request: Request, deadline: number | undefined): Promise<VisitorState> {
  const session = await storage.getSession(request.headers.get("cookie"));
  const state: VisitorState = { session, dirty: false, user: null, reader: null };
  // Nothing is created for a visitor who only reads: their page is the same for everyone, so it reads as the site.
  if (!session.get("userToken") && !session.get("anonToken")) state.reader = await sharedReader(deadline);
  await restoreUser(state, deadline);
  return state;
}

/**
 * The site's own anonymous identity, for the upstream reads of visitors without a token of their own (spec
 * section 8 lets a visitor go on without one). One token per process instead of one per first page view, so
 * a burst of new visitors costs the platform nothing and their pages can be rendered once and shared.
 */
const READER_RENEW_MS = 24 * 60 * 60 * 1000;
let reader: { at: number; identity: Promise<Reader>; token?: string } | null = null;
type Reader = { token: string | null; requestId: string };

// A reader token the platform stops accepting is replaced by the next request, not kept until the renewal.
onTokenRefused((refused) => {
  if (reader?.token === refused) reader = null;
});

function sharedReader(deadline: number | undefined): Promise<Reader> {
  if (reader && Date.now() - reader.at < READER_RENEW_MS) return reader.identity;
  const requestId = generateAnonymousId();
  const entry: NonNullable<typeof reader> = {
    at: Date.now(),
    identity: fetchAnonymousToken(sidePart({ token: null, requestId, deadline })).then(
      (token) => {
        entry.token = token;
        return { token, requestId };
      },
      (error: Error) => {
        // Tried again by the next request; meanwhile pages read without a token.
        if (reader === entry) reader = null;
        logger.warn(`anonymous token unavailable: ${error.message}`);
        return { token: null, requestId };
      },
    ),
  };
  reader = entry;
  return entry.identity;
}

/**
 * Gives the visitor a session of their own: ids, a CSRF token and their own anonymous platform token. Called by
 * what needs one (a form post: login, a code, an interaction), never by a page view; the cookie goes out with
 * the response.
 */
export async function openVisitorSession(request: Request, context: object): Promise<void> {
  const state = await stateFor(request, context);
  const { session } = state;
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
    // Spec section 8: a missing token is not an error; the visitor goes on with the site's reader token if the
    // platform fails, so this does not wait for it as long as for the main content.
    try {
      session.set("anonToken", await fetchAnonymousToken(sidePart({ token: null, requestId: session.get("requestId") ?? null, deadline: deadlineOf(context) })));
      state.reader = null;
      state.dirty = true;
    } catch (error) {
      logger.warn(`anonymous token unavailable: ${(error as Error).message}`);
    }
  }
}

function stateFor(request: Request, context: object): Promise<VisitorState> {
  let state = states.get(context);
  if (!state) {
    state = loadState(request, deadlineOf(context));
    states.set(context, state);
  }
  return state;
}

function toVisitor({ session, user, reader }: VisitorState): Visitor {
  const userToken = session.get("userToken") ?? null;
  return {
    token: userToken ?? session.get("anonToken") ?? reader?.token ?? null,
    userId: userToken ? (session.get("userId") ?? null) : null,
    deviceId: session.get("deviceId") ?? "",
    requestId: session.get("requestId") ?? reader?.requestId ?? "",
    csrfToken: session.get("csrf") ?? "",
    isLoggedIn: userToken !== null,
    user: userToken ? (user ?? { alias: "", avatar: "" }) : null,
  };
}

export async function getVisitor(request: Request, context: object): Promise<Visitor> {
  return toVisitor(await stateFor(request, context));
}

/**
 * The logged-in user's id from the signed session cookie alone: no platform call, no new session. For requests
 * that only report (statistics beacons), where a fresh anonymous session per request would cost the platform.
 */
export async function sessionUserId(request: Request): Promise<string | null> {
  const session = await storage.getSession(request.headers.get("cookie"));
  return session.get("userToken") ? (session.get("userId") ?? null) : null;
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

export async function rememberCodeSent(request: Request, context: object, at: number): Promise<void> {
  const state = await stateFor(request, context);
  state.session.set("codeSentAt", at);
  state.dirty = true;
}

export async function codeSentAt(request: Request, context: object): Promise<number | null> {
  return (await stateFor(request, context)).session.get("codeSentAt") ?? null;
}

export async function rememberPending(request: Request, context: object, pending: unknown): Promise<void> {
  const state = await stateFor(request, context);
  state.session.set("pending", JSON.stringify(pending));
  state.dirty = true;
}

/** The pending interaction, parsed by the caller's schema; it is removed from the session either way. */
export async function takePending(request: Request, context: object): Promise<unknown> {
  const state = await stateFor(request, context);
  const pending = state.session.get("pending");
  if (pending === undefined) return null;
  state.session.unset("pending");
  state.dirty = true;
  try {
    return JSON.parse(pending);
  } catch {
    return null;
  }
}

/** Replaces the session with a logged-in one: a new session, not the anonymous one mutated. */
export async function startUserSession(
  request: Request,
  context: object,
  user: { token: string; userId: string },
): Promise<void> {
  const previous = await stateFor(request, context);
  const session = await freshSession(previous.session, { userToken: user.token, userId: user.userId });
  states.set(context, Promise.resolve({ session, dirty: true, user: null, reader: null }));
}

/** Back to an anonymous visitor after logout. */
export async function endUserSession(request: Request, context: object, anonToken: string | null): Promise<void> {
  const previous = await stateFor(request, context);
  const ended = previous.session.get("userToken");
  if (ended) profiles.delete(ended);
  const session = await freshSession(previous.session, anonToken ? { anonToken } : {});
  states.set(context, Promise.resolve({ session, dirty: true, user: null, reader: null }));
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

/** The caller a BFF call needs, from the visitor, the request's abort signal and its upstream deadline. */
export function callerFor(visitor: Visitor, request: Request, context: Pick<Caller, "clientIp" | "deadline" | "render">): Caller {
  return { token: visitor.token, requestId: visitor.requestId, signal: request.signal, clientIp: context.clientIp, deadline: context.deadline, render: context.render };
}
