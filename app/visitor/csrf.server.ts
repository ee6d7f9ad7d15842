import { sameSecret } from "~/lib/same-secret.server";

/** docs/decisions/0003-csrf-by-origin.md. `unsaid`: only the session's CSRF token vouches for the form. */
export type FormOrigin = "own" | "foreign" | "unsaid";

export function formOrigin(headers: { origin: string | undefined; fetchSite: string | undefined }, ownOrigin: string): FormOrigin {
  if (headers.origin !== undefined) return headers.origin === ownOrigin ? "own" : "foreign";
  if (headers.fetchSite === "same-origin") return "own";
  return headers.fetchSite === undefined || headers.fetchSite === "none" ? "unsaid" : "foreign";
}

/** Compared in constant time; a session without one has none to match. */
export function isSessionToken(posted: FormDataEntryValue | null, session: string): boolean {
  return typeof posted === "string" && Boolean(session) && sameSecret(posted, session);
}

export function formText(form: FormData, name: string): string {
  const value = form.get(name);
  return typeof value === "string" ? value : "";
}
