import { sameSecret } from "~/lib/same-secret.server";

/**
 * Where a form post says it comes from (docs/decisions/0003-csrf-by-origin.md): `own` when the browser vouches for one
 * of our pages (its Origin is ours, or, without Origin, Sec-Fetch-Site is same-origin), `foreign` when it names
 * another (the host refuses it: server/middleware/same-origin.ts), `unsaid` when it sends neither (an old browser): then only
 * the session's CSRF token vouches for it (the visitor handle's `ownForm`).
 */
export type FormOrigin = "own" | "foreign" | "unsaid";

export function formOrigin(headers: { origin: string | undefined; fetchSite: string | undefined }, ownOrigin: string): FormOrigin {
  if (headers.origin !== undefined) return headers.origin === ownOrigin ? "own" : "foreign";
  if (headers.fetchSite === "same-origin") return "own";
  return headers.fetchSite === undefined || headers.fetchSite === "none" ? "unsaid" : "foreign";
}

/** Whether a posted CSRF token is the session's (compared in constant time); a session without one has none to match. */
export function isSessionToken(posted: FormDataEntryValue | null, session: string): boolean {
  return typeof posted === "string" && Boolean(session) && sameSecret(posted, session);
}

/** A text field of a posted form; missing fields and files read as "". */
export function formText(form: FormData, name: string): string {
  const value = form.get(name);
  return typeof value === "string" ? value : "";
}
