/**
 * How a page plays its media, decided in the browser. The server renders a `<video>` / `<audio>` with its
 * `<source>` children (MP4 first, then the HLS playlist), which plays without JavaScript wherever the browser
 * can; hls.js is needed only for a video that has nothing but HLS, in a browser without native HLS.
 */

export type VideoSources = { mp4: string; hls: string };

/** What the browser can do, probed once the page runs. */
export type PlaybackProbe = {
  /** `canPlayType('application/vnd.apple.mpegurl')` answered 'maybe' or 'probably' (Safari, WebKit webviews). */
  nativeHls: boolean;
  /** Media Source Extensions exist, so hls.js can feed the video. */
  mse: boolean;
};

/** 'sources': the rendered <source> list plays it; 'hls.js': attach hls.js; 'unplayable': nothing here can. */
export type Playback = "sources" | "hls.js" | "unplayable";

export const HLS_MIME = "application/vnd.apple.mpegurl";

export function playbackOf({ mp4, hls }: VideoSources, { nativeHls, mse }: PlaybackProbe): Playback {
  if (mp4 || (hls && nativeHls)) return "sources";
  if (hls && mse) return "hls.js";
  return "unplayable";
}

/** Probes the browser through the page's own media element. */
export function probePlayback(video: HTMLMediaElement): PlaybackProbe {
  return { nativeHls: video.canPlayType(HLS_MIME) !== "", mse: typeof window !== "undefined" && "MediaSource" in window };
}

/** Seconds as the players show them, in the platform's duration_str style: '00:07', '03:25', '1:02:03'; '00:00' for anything that is not a finite, positive number. */
export function clockTime(seconds: number): string {
  const total = Number.isFinite(seconds) && seconds > 0 ? Math.floor(seconds) : 0;
  const h = Math.floor(total / 3600);
  const m = String(Math.floor((total % 3600) / 60)).padStart(2, "0");
  const s = String(total % 60).padStart(2, "0");
  return h ? `${h}:${m}:${s}` : `${m}:${s}`;
}
