import { cookieValue } from "~/lib/cookie-value";

export const SESSION_COOKIE = "__share";

export function hasSessionCookie(cookieHeader: string | undefined | null): boolean {
  return cookieValue(cookieHeader, SESSION_COOKIE) !== null;
}
