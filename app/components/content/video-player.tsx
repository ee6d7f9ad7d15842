import { useEffect, useRef, useState } from "react";
import type { VideoMedia } from "~/bff/content.server";
import { EarlyPlay } from "~/components/content/early-play";
import { LiveVideoControls } from "~/components/content/live-video-controls";
import { useHydrated } from "~/hooks/use-hydrated";
import { HLS_MIME, playbackOf, probePlayback, type Playback } from "~/lib/media-playback";

type Props = {
  media: VideoMedia;
  label: string;
  /** 'landscape' keeps the video's own aspect ratio in the page flow; 'portrait' fills the box it is given. */
  shape: "landscape" | "portrait";
  /** A live stream: the live UI (no seek bar, a live mark) instead of the native controls, once JavaScript runs. */
  live?: boolean;
};

type Status = "ready" | "failed" | "unplayable";

/**
 * Inline playback, sound on, nothing downloaded before play; the <source> children play without JavaScript, hls.js only
 * where HLS is not native. Where scripts run, native controls wait behind 播放 until the first play (docs/benchmarks.md).
 */
export function VideoPlayer({ media, label, shape, live = false }: Props) {
  const videoRef = useRef<HTMLVideoElement>(null);
  const liveUi = useHydrated() && live;
  const [playback, setPlayback] = useState<Playback>("sources");
  const [status, setStatus] = useState<Status>("ready");
  // Bumped by 重试: tears hls.js down and attaches it afresh.
  const [attempt, setAttempt] = useState(0);
  // Started once: the native controls show from then on (before, where scripts run, the poster and 播放 only).
  const [started, setStarted] = useState(false);

  useEffect(() => {
    const video = videoRef.current;
    if (!video) return;
    // Tapped before the page hydrated (EarlyPlay): already playing.
    if (!video.paused) setStarted(true);
    const chosen = playbackOf(media, probePlayback(video));
    setPlayback(chosen);
    if (chosen === "unplayable") setStatus("unplayable");
  }, [media]);

  useEffect(() => {
    const video = videoRef.current;
    if (!video || playback !== "hls.js") return;
    let destroyed = false;
    let hls: import("hls.js").default | null = null;
    const startLoad = () => hls?.startLoad();
    // The light build: no subtitles, alternate audio or DRM, which these videos never have.
    import("hls.js/light")
      .then(({ default: Hls }) => {
        if (destroyed) return;
        if (!Hls.isSupported()) return setStatus("unplayable");
        // Segments load only once the visitor plays (like preload="none").
        const player = new Hls({ autoStartLoad: false });
        hls = player;
        player.on(Hls.Events.ERROR, (_event, data) => {
          if (data.fatal) setStatus("failed");
        });
        player.loadSource(media.hls);
        player.attachMedia(video);
        if (attempt > 0 || !video.paused) {
          player.startLoad();
          video.play().catch(() => undefined);
        } else {
          video.addEventListener("play", startLoad, { once: true });
        }
      })
      // The chunk itself did not arrive (offline, a flaky network): the same friendly message and retry.
      .catch(() => !destroyed && setStatus("failed"));
    return () => {
      destroyed = true;
      video.removeEventListener("play", startLoad);
      hls?.destroy();
    };
  }, [playback, media.hls, attempt]);

  const retry = () => {
    setStatus("ready");
    if (playback === "hls.js") return setAttempt((n) => n + 1);
    const video = videoRef.current;
    if (!video) return;
    video.load();
    video.play().catch(() => undefined);
  };

  const start = () => {
    // play() inside the tap itself: iOS and WeChat play with sound only from a gesture.
    videoRef.current?.play().catch(() => undefined);
    setStarted(true);
  };

  const sources = [media.mp4 ? { src: media.mp4, type: "video/mp4" } : null, media.hls ? { src: media.hls, type: HLS_MIME } : null].filter(
    (source) => source !== null,
  );
  const ratio = media.width > 0 && media.height > 0 ? `${media.width} / ${media.height}` : shape === "portrait" ? "9 / 16" : "16 / 9";

  return (
    <div
      className={`video-player video-player--${shape}${started ? " video-player--started" : ""}`}
      style={shape === "landscape" ? { aspectRatio: ratio } : undefined}
    >
      <video
        ref={videoRef}
        className="video-player__video"
        controls={!liveUi}
        playsInline
        preload="none"
        poster={media.poster || undefined}
        aria-label={label}
        width={media.width || undefined}
        height={media.height || undefined}
        // iOS WeChat before playsinline, and the X5/XWeb engine of Android WeChat and QQ: stay in the page.
        webkit-playsinline="true"
        x5-playsinline="true"
        x5-video-player-type="h5-page"
        x5-video-orientation={shape === "portrait" ? "portrait" : "landscape|portrait"}
        onError={() => setStatus("failed")}
        onPlay={() => setStarted(true)}
        onPlaying={() => setStatus("ready")}
      >
        {sources.map((source, index) => (
          // Only the last source's error means none could play (earlier ones just hand over to the next).
          <source
            key={source.src}
            src={source.src}
            type={source.type}
            onError={index === sources.length - 1 ? () => setStatus("failed") : undefined}
          />
        ))}
      </video>
      {liveUi ? <LiveVideoControls videoRef={videoRef} /> : null}
      {!live && !started ? (
        <>
          <button type="button" className="video-player__start" aria-label="播放" onClick={start} />
          <EarlyPlay started="video-player--started" />
        </>
      ) : null}
      {status !== "ready" ? (
        <div className="video-player__error" role="alert">
          {status === "failed" ? (
            <>
              <p>视频加载失败，请检查网络后重试</p>
              <button type="button" className="button" onClick={retry}>
                重试
              </button>
            </>
          ) : (
            <p>当前浏览器无法播放该视频，请打开APP观看</p>
          )}
        </div>
      ) : null}
    </div>
  );
}
