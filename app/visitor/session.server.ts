import { randomBytes } from "node:crypto";
import { createCookieSessionStorage, type Session } from "@remix-run/node";
import { LRUCache } from "lru-cache";
import { fetchAccount } from "~/bff/account.server";
import { fetchAnonymousToken } from "~/bff/auth.server";
import { generateAnonymousId, onTokenRefused, PlatformError, sidePart } from "~/bff/client.server";
import { env } from "~/runtime/env.server";
import { BASE_PATH } from "~/lib/base-path";
import { SESSION_COOKIE } from "~/lib/session-cookie";
import type { Toast } from "~/lib/toast";
import { logger } from "~/runtime/logger.server";
import { newDeviceId, usableToken, type ReaderIdentity } from "~/visitor/reader-identity.server";

/** A request reaches it only through its visitor handle (app/visitor/visitor-handle.server.ts). */

type SessionData = {
  anonToken: string;
  userToken: string;
  userId: string;
  deviceId: string;
  requestId: string;
  csrf: string;
  codeSentAt: number;
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
    secrets: env.sessionSecrets,
    maxAge: 60 * 60 * 24 * 30,
  },
});

/** Never sent to page scripts. */
export type Visitor = {
  token: string | null;
  userId: string | null;
  deviceId: string;
  requestId: string;
  csrfToken: string;
  isLoggedIn: boolean;
  user: { alias: string; avatar: string } | null;
};

export type VisitorSession = Session<SessionData, FlashData>;
export type VisitorState = {
  session: VisitorSession;
  dirty: boolean;
  user: Visitor["user"];
  /** What a visitor without a session's token reads with: their own identity's token, else the site's shared one. */
  reader: Reader | null;
  /** The reader's own identity (app/visitor/reader-identity.server.ts), when their browser has one. */
  identity: ReaderIdentity | null;
};

const newCsrfToken = () => randomBytes(24).toString("hex");

export async function freshSession(previous: VisitorSession, fields: Partial<SessionData>): Promise<VisitorSession> {
  const fresh = await storage.getSession();
  for (const [key, value] of Object.entries(fields)) fresh.set(key as keyof SessionData, value as never);
  fresh.set("deviceId", previous.get("deviceId") ?? newDeviceId());
  fresh.set("requestId", generateAnonymousId());
  fresh.set("csrf", newCsrfToken());
  return fresh;
}

/** Asked for once a minute per login; a revoked token shows as logged in that long, but the platform refuses its writes. */
const profiles = new LRUCache<string, NonNullable<Visitor["user"]>>({ max: 10_000, ttl: 60_000 });

/** Spec section 4. An outage keeps the login, without a profile. */
async function restoreUser(state: VisitorState, deadline: number | undefined): Promise<void> {
  const userToken = state.session.get("userToken");
  const userId = state.session.get("userId");
  if (!userToken || !userId) return;
  const known = profiles.get(userToken);
  if (known) {
    state.user = known;
    return;
  }
  // The profile only fills the avatar: a side part of the page.
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

export function readSession(cookie: string | undefined): Promise<VisitorSession> {
  return storage.getSession(cookie ?? null);
}

export async function loadState(session: VisitorSession, identity: ReaderIdentity | null, deadline: number): Promise<VisitorState> {
  const state: VisitorState = { session, dirty: false, user: null, reader: null, identity };
  if (!session.get("userToken") && !session.get("anonToken")) state.reader = await readerOf(identity, deadline);
  await restoreUser(state, deadline);
  return state;
}

/** A reader's calls carry their own ids; a reader whose browser has not yet asked for them reads as the site. */
async function readerOf(identity: ReaderIdentity | null, deadline: number): Promise<Reader> {
  const token = identity && usableToken(identity);
  if (identity && token) return { token, requestId: identity.anonymousId };
  const shared = await sharedReader(deadline);
  return identity ? { token: shared.token, requestId: identity.anonymousId } : shared;
}

/** One anonymous token per process (spec section 8), so new visitors cost the platform nothing and pages are shared. */
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

/** Never for a page view: only what needs one (a form post). A reader's identity becomes the session's: still one reader. */
export async function ownSession(state: VisitorState, deadline: number): Promise<void> {
  const { session, identity } = state;
  const ownToken = identity && usableToken(identity);
  if (ownToken && !session.get("userToken") && !session.get("anonToken")) {
    session.set("anonToken", ownToken);
    state.dirty = true;
  }
  for (const [key, make] of [
    ["deviceId", () => identity?.deviceId ?? newDeviceId()],
    ["requestId", () => identity?.anonymousId ?? generateAnonymousId()],
    ["csrf", newCsrfToken],
  ] as const) {
    if (!session.get(key)) {
      session.set(key, make());
      state.dirty = true;
    }
  }
  if (!session.get("userToken") && !session.get("anonToken")) {
    // Spec section 8: a missing token is not an error, so this does not wait as long as for the main content.
    try {
      session.set("anonToken", await fetchAnonymousToken(sidePart({ token: null, requestId: session.get("requestId") ?? null, deadline })));
      state.reader = null;
      state.dirty = true;
    } catch (error) {
      logger.warn(`anonymous token unavailable: ${(error as Error).message}`);
    }
  }
}

export function toVisitor({ session, user, reader, identity }: VisitorState): Visitor {
  const userToken = session.get("userToken") ?? null;
  return {
    token: userToken ?? session.get("anonToken") ?? reader?.token ?? null,
    userId: userToken ? (session.get("userId") ?? null) : null,
    deviceId: session.get("deviceId") ?? identity?.deviceId ?? "",
    requestId: session.get("requestId") ?? reader?.requestId ?? "",
    csrfToken: session.get("csrf") ?? "",
    isLoggedIn: userToken !== null,
    user: userToken ? (user ?? { alias: "", avatar: "" }) : null,
  };
}

export const replacedState = (session: VisitorSession, identity: ReaderIdentity | null): VisitorState => ({
  session,
  dirty: true,
  user: null,
  reader: null,
  identity,
});

export function forgetProfile(session: VisitorSession): void {
  const ended = session.get("userToken");
  if (ended) profiles.delete(ended);
}

export const sessionCookie = (session: VisitorSession): Promise<string> => storage.commitSession(session);
