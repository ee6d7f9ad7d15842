import { randomBytes } from "node:crypto";
import { createCookie } from "@remix-run/node";
import { z } from "zod";
import { fetchAnonymousToken } from "~/bff/auth.server";
import { generateAnonymousId, type Caller } from "~/bff/client.server";
import { BASE_PATH } from "~/lib/base-path";
import { cookieValue } from "~/lib/cookie-value";
import { env } from "~/runtime/env.server";

/**
 * A reader's own identity (spec sections 3 and 4: device id, anonymous id, anonymous token), kept in a cookie of
 * its own so that it never makes a page personal: the page cache and the edge look at the session cookie only
 * (docs/decisions/0015-reader-identity-cookie.md).
 */
export const READER_COOKIE = "__reader";

export type ReaderIdentity = {
  deviceId: string;
  /** Sent as `X-Request-Id` with the reader's platform calls (spec section 7). */
  anonymousId: string;
  token: string;
  /** Seconds since the epoch, when the platform gave the token. */
  issuedAt: number;
};

const DAY_S = 24 * 60 * 60;
/** Anonymous tokens live 30 days (docs/platform-api.md): renewed well before, used only while surely alive. */
const RENEW_AFTER_S = 7 * DAY_S;
const USABLE_FOR_S = 28 * DAY_S;
/** Far above a real cookie's ~250 characters: anything longer is not ours and is not even unsigned. */
const MAX_COOKIE_CHARS = 1024;

const ID = /^[A-Za-z0-9]{6,64}$/;
const identitySchema = z
  .object({
    deviceId: z.string().regex(ID),
    anonymousId: z.string().regex(ID),
    token: z.string().min(1).max(256),
    issuedAt: z.number().int().positive(),
  })
  .strict();

const cookie = createCookie(READER_COOKIE, {
  path: BASE_PATH,
  httpOnly: true,
  sameSite: "lax",
  secure: env.cookieSecure,
  secrets: env.sessionSecrets,
  // The device id lasts as long as the browser keeps it, as the spec's local storage would; the token is renewed.
  maxAge: 365 * DAY_S,
});

const nowS = () => Math.floor(Date.now() / 1000);

export const newDeviceId = (): string => randomBytes(16).toString("hex");

/** Whatever the header holds, a reader's identity or none: a forged, stale-secret, oversized or garbled cookie is none. */
export async function readIdentity(cookieHeader: string | undefined): Promise<ReaderIdentity | null> {
  const raw = cookieValue(cookieHeader, READER_COOKIE);
  if (raw === null || raw.length > MAX_COOKIE_CHARS) return null;
  try {
    const parsed = identitySchema.safeParse(await cookie.parse(`${READER_COOKIE}=${raw}`));
    return parsed.success ? parsed.data : null;
  } catch {
    // The framework's unsigning throws on a signature that is not base64.
    return null;
  }
}

/** The reader's token while the platform surely still takes it, else none (the site's shared one then stands in). */
export function usableToken(identity: ReaderIdentity, now = nowS()): string | null {
  return now - identity.issuedAt < USABLE_FOR_S ? identity.token : null;
}

export function needsRenewal(identity: ReaderIdentity | null, now = nowS()): boolean {
  return identity === null || now - identity.issuedAt >= RENEW_AFTER_S;
}

/** A new token for the reader (spec section 4: an anonymous token at start-up); the ids stay those they had. */
export async function issueIdentity(previous: ReaderIdentity | null, caller: Omit<Caller, "token" | "requestId">): Promise<ReaderIdentity> {
  const deviceId = previous?.deviceId ?? newDeviceId();
  const anonymousId = previous?.anonymousId ?? generateAnonymousId();
  const token = await fetchAnonymousToken({ ...caller, token: null, requestId: anonymousId });
  return { deviceId, anonymousId, token, issuedAt: nowS() };
}

export const identityCookie = (identity: ReaderIdentity): Promise<string> => cookie.serialize(identity);
