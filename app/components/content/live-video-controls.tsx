import { useEffect, useState, type RefObject } from "react";

/** Spec section 2: a live stream has no seek bar. Replaces the native controls once JavaScript runs; without it they are the only way to play. */
export function LiveVideoControls({ videoRef }: { videoRef: RefObject<HTMLVideoElement> }) {
  const [playing, setPlaying] = useState(false);
  const [muted, setMuted] = useState(false);

  useEffect(() => {
    const video = videoRef.current;
    if (!video) return;
    const sync = () => {
      setPlaying(!video.paused);
      setMuted(video.muted);
    };
    const tap = () => togglePlay(video);
    sync();
    const events = ["play", "pause", "volumechange"] as const;
    events.forEach((name) => video.addEventListener(name, sync));
    video.addEventListener("click", tap);
    return () => {
      events.forEach((name) => video.removeEventListener(name, sync));
      video.removeEventListener("click", tap);
    };
  }, [videoRef]);

  const video = () => videoRef.current;
  return (
    <div className="live-controls" role="group" aria-label="直播控制">
      <button type="button" className="live-controls__button" aria-label={playing ? "暂停" : "播放"} onClick={() => togglePlay(video())}>
        <Icon path={playing ? ICONS.pause : ICONS.play} />
      </button>
      <span className="live-controls__mark">直播</span>
      <button
        type="button"
        className="live-controls__button live-controls__button--end"
        aria-label={muted ? "打开声音" : "静音"}
        onClick={() => {
          const element = video();
          if (element) element.muted = !element.muted;
        }}
      >
        <Icon path={muted ? ICONS.muted : ICONS.sound} />
      </button>
      <button type="button" className="live-controls__button" aria-label="全屏" onClick={() => enterFullscreen(video())}>
        <Icon path={ICONS.fullscreen} />
      </button>
    </div>
  );
}

const ICONS = {
  play: "M8 5v14l11-7z",
  pause: "M7 5h3v14H7zM14 5h3v14h-3z",
  sound: "M4 9v6h4l5 4V5L8 9zM16 8.5a4.5 4.5 0 0 1 0 7M18.5 6a8 8 0 0 1 0 12",
  muted: "M4 9v6h4l5 4V5L8 9zM16 9l5 6M21 9l-5 6",
  fullscreen: "M4 9V4h5M15 4h5v5M20 15v5h-5M9 20H4v-5",
} as const;

function Icon({ path }: { path: string }) {
  const solid = path === ICONS.play || path === ICONS.pause;
  return (
    <svg
      className={solid ? "live-controls__icon live-controls__icon--solid" : "live-controls__icon"}
      viewBox="0 0 24 24"
      width="22"
      height="22"
      aria-hidden="true"
      focusable="false"
    >
      <path d={path} />
    </svg>
  );
}

/** A refused play (no user gesture the browser counts, a stream not ready) leaves the button as it was. */
function togglePlay(video: HTMLVideoElement | null) {
  if (!video) return;
  if (video.paused) video.play().catch(() => undefined);
  else video.pause();
}

/** The player's box full screen (these controls stay on it), or back; iOS has only the video's own full screen. */
function enterFullscreen(video: HTMLVideoElement | null) {
  if (!video) return;
  if (document.fullscreenElement) {
    document.exitFullscreen().catch(() => undefined);
    return;
  }
  const box = video.parentElement;
  if (box?.requestFullscreen) {
    box.requestFullscreen().catch(() => undefined);
    return;
  }
  (video as HTMLVideoElement & { webkitEnterFullscreen?: () => void }).webkitEnterFullscreen?.();
}
