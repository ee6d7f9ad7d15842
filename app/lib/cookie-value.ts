/**
 * The value of the cookie `name` in a Cookie header, or null without one. A scan rather than a parse of every
 * cookie: it runs on the stored-page path of every request.
 */
export function cookieValue(cookieHeader: string | undefined | null, name: string): string | null {
  if (!cookieHeader) return null;
  for (const pair of cookieHeader.split(";")) {
    const equals = pair.indexOf("=");
    if (equals > 0 && pair.slice(0, equals).trim() === name) return pair.slice(equals + 1).trim();
  }
  return null;
}
