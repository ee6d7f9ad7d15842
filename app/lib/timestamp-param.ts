/** Detail pages whose address gets a '_t' timestamp (spec section 2) so WeChat's page cache is bypassed. */
const TIMESTAMPED_SEGMENTS = [
  "/doc/",
  "/video/",
  "/audio/",
  "/gallery/",
  "/svideo/",
  "/special/",
  "/local_live/",
  "/mini_program/",
  "/audio_album/",
  "/video_album/",
];

export const TIMESTAMP_PARAM = "_t";

export function needsTimestamp(pathname: string, search: string): boolean {
  if (!TIMESTAMPED_SEGMENTS.some((segment) => pathname.includes(segment))) return false;
  return !new URLSearchParams(search).has(TIMESTAMP_PARAM);
}

/** Sets '_t' to `now` (ms). Keeps the form of the input: an absolute URL stays absolute, a path stays a path. */
export function withTimestamp(href: string, now: number): string {
  // A scheme at the start means absolute; URL.canParse would say so too but is missing from older WeChat webviews.
  const isAbsolute = /^[a-z][a-z\d+.-]*:/i.test(href);
  const url = new URL(href, "http://relative.invalid");
  url.searchParams.set(TIMESTAMP_PARAM, String(now));
  return isAbsolute ? url.href : url.pathname + url.search + url.hash;
}
