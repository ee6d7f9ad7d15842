/**
 * The demo broadcasts' live HLS stream: a live playlist (no ENDLIST) whose media sequence advances with the clock,
 * looping over a few short committed segments (platform/media/live/). Every time the loop starts over, the segment
 * carries EXT-X-DISCONTINUITY (its timestamps restart), so hls.js and native players follow it as a real live stream.
 */

/** Every committed segment lasts exactly this long (a keyframe every 2 s). */
export const LIVE_SEGMENT_SECONDS = 2;
/** Segments listed at a time: players start about three from the live edge. */
const WINDOW = 5;

export type LiveVariant = { name: string; segments: number };

/** The committed loops: 16:9 (640x360) and 9:16 (360x640), five 2 s segments each. */
export const LIVE_VARIANTS = {
  landscape: { name: "landscape", segments: 5 },
  portrait: { name: "portrait", segments: 5 },
} satisfies Record<string, LiveVariant>;

/**
 * Where segment numbers count from: an hour before `start` (the platform's start), so they stay small. Chromium's
 * player crashed on a discontinuity sequence in the hundreds of millions (segments counted from 1970).
 */
export function liveEpoch(start: Date): number {
  return start.getTime() - 3_600_000;
}

/** The playlist at `now`, segments numbered from `epochMs`. */
export function livePlaylist(variant: LiveVariant, now: Date, epochMs: number): string {
  // Number of the first segment in the window; segment k plays file k mod segments.
  const first = Math.floor((now.getTime() - epochMs) / 1000 / LIVE_SEGMENT_SECONDS) - WINDOW + 1;
  const lines = [
    "#EXTM3U",
    "#EXT-X-VERSION:3",
    `#EXT-X-TARGETDURATION:${LIVE_SEGMENT_SECONDS}`,
    `#EXT-X-MEDIA-SEQUENCE:${first}`,
    // Discontinuities before the window: one per loop start, at every multiple of `segments`.
    `#EXT-X-DISCONTINUITY-SEQUENCE:${Math.floor(first / variant.segments)}`,
  ];
  for (let k = first; k < first + WINDOW; k++) {
    if (k > first && k % variant.segments === 0) lines.push("#EXT-X-DISCONTINUITY");
    lines.push(`#EXTINF:${LIVE_SEGMENT_SECONDS.toFixed(3)},`, `${variant.name}-${k % variant.segments}.ts`);
  }
  return `${lines.join("\n")}\n`;
}
