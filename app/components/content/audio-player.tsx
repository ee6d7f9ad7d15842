import { useEffect, useRef, useState } from "react";
import type { AudioMedia } from "~/bff/content.server";
import { EarlyPlay } from "~/components/content/early-play";
import { clockTime } from "~/lib/media-playback";

type Props = { media: AudioMedia; label: string };

/**
 * Where scripts run, the native controls give way to custom ones: from the first frame where the scripting media feature
 * is known (styling native controls is a large part of the first layout), else once hydrated.
 */
export function AudioPlayer({ media, label }: Props) {
  const audioRef = useRef<HTMLAudioElement>(null);
  const [enhanced, setEnhanced] = useState(false);
  const [playing, setPlaying] = useState(false);
  const [failed, setFailed] = useState(false);
  const [current, setCurrent] = useState(0);
  // The file's own duration once it is known; until then the platform's duration_sec / duration_str.
  const [fileDuration, setFileDuration] = useState(0);

  useEffect(() => {
    setEnhanced(true);
    // Played by a tap before the page hydrated (EarlyPlay).
    if (audioRef.current && !audioRef.current.paused) setPlaying(true);
  }, []);

  const audio = () => audioRef.current;
  const toggle = () => {
    const element = audio();
    if (!element) return;
    if (element.paused) element.play().catch(() => undefined);
    else element.pause();
  };
  const retry = () => {
    const element = audio();
    if (!element) return;
    setFailed(false);
    element.load();
    element.play().catch(() => undefined);
  };
  const seekTo = (seconds: number) => {
    setCurrent(seconds);
    const element = audio();
    if (element) element.currentTime = seconds;
  };
  const knownDuration = (element: HTMLAudioElement) => {
    if (Number.isFinite(element.duration) && element.duration > 0) setFileDuration(element.duration);
  };

  const duration = fileDuration || media.duration_sec;
  const total = fileDuration ? clockTime(fileDuration) : media.duration_str || clockTime(media.duration_sec);
  return (
    <div className={enhanced ? "audio-player audio-player--enhanced" : "audio-player"}>
      <audio
        ref={audioRef}
        className="audio-player__audio"
        src={media.url}
        preload="none"
        controls
        aria-label={label}
        onPlay={() => setPlaying(true)}
        onPause={() => setPlaying(false)}
        onEnded={() => setPlaying(false)}
        onTimeUpdate={(event) => setCurrent(event.currentTarget.currentTime)}
        onLoadedMetadata={(event) => knownDuration(event.currentTarget)}
        onDurationChange={(event) => knownDuration(event.currentTarget)}
        onError={() => {
          setPlaying(false);
          setFailed(true);
        }}
      />
      <p className="audio-player__time audio-player__time--static">时长 {total}</p>
      <div className="audio-player__controls">
        <button type="button" className="audio-player__toggle" aria-label={playing ? "暂停" : "播放"} aria-pressed={playing} onClick={toggle}>
          <span
            className={playing ? "audio-player__icon audio-player__icon--pause" : "audio-player__icon audio-player__icon--play"}
            aria-hidden="true"
          />
        </button>
        <EarlyPlay />
        <input
          className="audio-player__seek"
          type="range"
          min={0}
          max={duration > 0 ? duration : 0}
          step="any"
          value={Math.min(current, duration)}
          aria-label="播放进度"
          aria-valuetext={`${clockTime(current)} / ${total}`}
          disabled={duration <= 0}
          onChange={(event) => seekTo(Number(event.currentTarget.value))}
          onKeyDown={(event) => {
            // Arrow keys jump 5 s, as media players do (a step-less range would barely move).
            const delta = { ArrowRight: 5, ArrowUp: 5, ArrowLeft: -5, ArrowDown: -5 }[event.key];
            if (delta === undefined) return;
            event.preventDefault();
            seekTo(Math.max(0, Math.min(duration, (audio()?.currentTime ?? current) + delta)));
          }}
        />
        <span className="audio-player__time">
          <span className="audio-player__elapsed">{clockTime(current)}</span> / <span className="audio-player__total">{total}</span>
        </span>
      </div>
      {failed ? (
        <div className="audio-player__error" role="alert">
          <p>音频加载失败，请检查网络后重试</p>
          <button type="button" className="button" onClick={retry}>
            重试
          </button>
        </div>
      ) : null}
    </div>
  );
}
