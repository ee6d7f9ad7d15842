import { BASE_PATH } from "~/lib/base-path";

const IDENTITY_URL = `${BASE_PATH}api/reader-identity`;
/** A slow answer must not hold statistics back for long: they go without the reader's ids instead. */
const WAIT_MS = 5000;

let asked: Promise<void> | null = null;

/**
 * Spec section 4: at start-up a reader gets an anonymous token of their own, with their device id and anonymous id.
 * The site keeps them in an httpOnly cookie (docs/decisions/0015-reader-identity-cookie.md), so this only asks,
 * once per page load; it settles once the cookie is set, or has failed.
 */
export function askReaderIdentity(): Promise<void> {
  return (asked ??= new Promise<void>((settled) => {
    const timer = window.setTimeout(settled, WAIT_MS);
    fetch(IDENTITY_URL, { method: "POST", body: new URLSearchParams(), credentials: "same-origin" })
      // Read to its end, or the browser keeps the request open until the page goes.
      .then((answer) => answer.arrayBuffer())
      .catch(() => undefined)
      .finally(() => {
        window.clearTimeout(timer);
        settled();
      });
  }));
}
