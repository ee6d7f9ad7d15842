import { BASE_PATH } from "~/lib/base-path";

/** Its presence is also the spec's `preview` flag that hides the app banner. */
export const PREVIEW_PARAM = "preview";

const PREVIEW_ACTOR_MARK = "preview-";

export const PREVIEW_INDEX = "preview";

export const RELOAD_PARAM = "_";
export const RELOAD_MAX_AGE_MS = 30_000;

/** Spec section 4. */
export const PREVIEW_DEFAULT_MS = 30 * 60 * 1000;

export const PREVIEW_HEADERS = { "Cache-Control": "no-store", "X-Robots-Tag": "noindex" } as const;

export function isPreviewActor(actor: string | undefined): boolean {
  return actor !== undefined && actor.includes(PREVIEW_ACTOR_MARK);
}

export function isPreviewDetail({ actor, segment, index }: { actor?: string; segment: string; index: string }): boolean {
  return isPreviewActor(actor) || (segment === "doc" && index === PREVIEW_INDEX);
}

/** From the address alone, so that its 404s, 410s and redirects are treated like its pages. */
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

/** Future stamps count too, or they would never age; the target carries `_` = `now`, so following it cannot loop. */
export function previewReloadTarget(href: string, now: number): string | null {
  const isAbsolute = /^[a-z][a-z\d+.-]*:/i.test(href);
  const url = new URL(href, "http://relative.invalid");
  const stamp = url.searchParams.get(RELOAD_PARAM);
  if (stamp !== null && /^\d{1,15}$/.test(stamp) && Math.abs(now - Number(stamp)) <= RELOAD_MAX_AGE_MS) return null;
  url.searchParams.set(RELOAD_PARAM, String(now));
  return isAbsolute ? url.href : url.pathname + url.search + url.hash;
}

export function previewDeadline(expiredAt: string | null, now: number): number {
  const end = expiredAt === null ? Number.NaN : Date.parse(expiredAt);
  return Number.isFinite(end) ? end : now + PREVIEW_DEFAULT_MS;
}

/** Rounded up so it reads 00:00 only when the time is really up. */
export function formatCountdown(remainingMs: number): string {
  const seconds = Math.max(0, Math.ceil(remainingMs / 1000));
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${pad(Math.floor(seconds / 60))}:${pad(seconds % 60)}`;
}
