/** The server renders `<source>` children that play without JavaScript; hls.js is only for HLS-only video without native HLS. */

export type VideoSources = { mp4: string; hls: string };

export type PlaybackProbe = {
  nativeHls: boolean;
  mse: boolean;
};

export type Playback = "sources" | "hls.js" | "unplayable";

export const HLS_MIME = "application/vnd.apple.mpegurl";

export function playbackOf({ mp4, hls }: VideoSources, { nativeHls, mse }: PlaybackProbe): Playback {
  if (mp4 || (hls && nativeHls)) return "sources";
  if (hls && mse) return "hls.js";
  return "unplayable";
}

export function probePlayback(video: HTMLMediaElement): PlaybackProbe {
  return { nativeHls: video.canPlayType(HLS_MIME) !== "", mse: typeof window !== "undefined" && "MediaSource" in window };
}

export function clockTime(seconds: number): string {
  const total = Number.isFinite(seconds) && seconds > 0 ? Math.floor(seconds) : 0;
  const h = Math.floor(total / 3600);
  const m = String(Math.floor((total % 3600) / 60)).padStart(2, "0");
  const s = String(total % 60).padStart(2, "0");
  return h ? `${h}:${m}:${s}` : `${m}:${s}`;
}
