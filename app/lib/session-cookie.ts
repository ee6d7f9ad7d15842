import { cookieValue } from "~/lib/cookie-value";

/** The name of the visitor's session cookie (app/visitor/session.server.ts). */
export const SESSION_COOKIE = "__share";

/** Whether a Cookie header carries the session cookie: a visitor with one may see a page of their own. */
export function hasSessionCookie(cookieHeader: string | undefined | null): boolean {
  return cookieValue(cookieHeader, SESSION_COOKIE) !== null;
}
