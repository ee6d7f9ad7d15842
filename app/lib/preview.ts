import { BASE_PATH } from "~/lib/base-path";

/**
 * The query parameter that carries a draft's preview token, e.g.
 * `/preview-wang/doc/2026/05/<post_id>/index.html?preview=<token>`. Its presence is also the spec's `preview`
 * flag that hides the app banner.
 */
export const PREVIEW_PARAM = "preview";

/** Spec section 2: an actor containing this marks a preview URL (`/preview-{name}/{type}/…`). */
const PREVIEW_ACTOR_MARK = "preview-";

/** The last segment of the spec's other preview address, `/{actor}/doc/…/preview`. */
export const PREVIEW_INDEX = "preview";

/** Spec section 2: a preview page reloads itself with `_` set to the current time when `_` is missing or older than this. */
export const RELOAD_PARAM = "_";
export const RELOAD_MAX_AGE_MS = 30_000;

/** Spec section 4: how long a preview lasts when the draft names no `expired_at`. */
export const PREVIEW_DEFAULT_MS = 30 * 60 * 1000;

/** Preview answers belong to the holder of the link alone, and are not for search engines. */
export const PREVIEW_HEADERS = { "Cache-Control": "no-store", "X-Robots-Tag": "noindex" } as const;

export function isPreviewActor(actor: string | undefined): boolean {
  return actor !== undefined && actor.includes(PREVIEW_ACTOR_MARK);
}

/** Whether a detail URL's parts ask for a draft: a preview actor, or `/{actor}/doc/…/preview`. */
export function isPreviewDetail({ actor, segment, index }: { actor?: string; segment: string; index: string }): boolean {
  return isPreviewActor(actor) || (segment === "doc" && index === PREVIEW_INDEX);
}

/**
 * Whether a request (path under the base, and query) is a preview, for the answer's headers and the banner:
 * a preview detail URL or a `preview` query parameter. Decided from the address alone, so that its 404s,
 * 410s and redirects are treated like its pages.
 */
export function isPreviewRequest(pathname: string, search: string): boolean {
  if (new URLSearchParams(search).has(PREVIEW_PARAM)) return true;
  if (!pathname.startsWith(BASE_PATH)) return false;
  const segments = pathname.slice(BASE_PATH.length).split("/");
  let actor: string;
  try {
    actor = decodeURIComponent(segments[0] ?? "");
  } catch {
    actor = segments[0] ?? "";
  }
  return segments.length >= 4 && isPreviewDetail({ actor, segment: segments[1] ?? "", index: segments[segments.length - 1] ?? "" });
}

/**
 * The spec's reload rule, applied before a preview is answered: the address to go to instead when `_` is
 * missing, not a time, or more than RELOAD_MAX_AGE_MS away from `now` (in either direction: a stamp from the
 * future would otherwise never age); null when the address may be answered as it is. The target carries `_`
 * = `now`, so it passes the rule itself: following it cannot loop. Keeps the form of the input (path or URL).
 */
export function previewReloadTarget(href: string, now: number): string | null {
  const isAbsolute = /^[a-z][a-z\d+.-]*:/i.test(href);
  const url = new URL(href, "http://relative.invalid");
  const stamp = url.searchParams.get(RELOAD_PARAM);
  if (stamp !== null && /^\d{1,15}$/.test(stamp) && Math.abs(now - Number(stamp)) <= RELOAD_MAX_AGE_MS) return null;
  url.searchParams.set(RELOAD_PARAM, String(now));
  return isAbsolute ? url.href : url.pathname + url.search + url.hash;
}

/** The moment (epoch ms) a preview ends: its `expired_at`, or PREVIEW_DEFAULT_MS after `now` when it has none. */
export function previewDeadline(expiredAt: string | null, now: number): number {
  const end = expiredAt === null ? Number.NaN : Date.parse(expiredAt);
  return Number.isFinite(end) ? end : now + PREVIEW_DEFAULT_MS;
}

/** The countdown's text, `mm:ss`, rounded up so that it reads 00:00 only when the time is really up. */
export function formatCountdown(remainingMs: number): string {
  const seconds = Math.max(0, Math.ceil(remainingMs / 1000));
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${pad(Math.floor(seconds / 60))}:${pad(seconds % 60)}`;
}
