import { Link, useSearchParams } from "@remix-run/react";
import type { VideoMedia } from "~/bff/content.server";
import type { LiveInfo, LivePlaylist } from "~/bff/live.server";
import { VideoPlayer } from "~/components/content/video-player";
import { BookingForm } from "~/components/content/live/live-forms";
import type { LiveRoomView } from "~/components/content/live/use-live-room";
import { formatDate } from "~/lib/relative-date";
import { countdownTo, formatCountdown, LIVE_STATUS, LIVE_TEXTS, type LiveStatus } from "~/lib/live-state";

export type StageShape = "landscape" | "portrait";

/** A broadcast's stream or a replay as the shared video player takes it: HLS by its .m3u8 address, else a file. */
export function liveMedia(url: string, poster: string, shape: StageShape): VideoMedia {
  const hls = /\.m3u8(?:$|[?#])/i.test(url);
  const [width, height] = shape === "portrait" ? [720, 1280] : [1280, 720];
  return { kind: "video", mp4: hls ? "" : url, hls: hls ? url : "", poster, duration_sec: 0, duration_str: "", width, height };
}

export function StatusBadge({ status, online }: { status: LiveStatus; online: number }) {
  const label = status === LIVE_STATUS.live ? LIVE_TEXTS.live : status === LIVE_STATUS.upcoming ? LIVE_TEXTS.upcoming : LIVE_TEXTS.ended;
  return (
    <p
      className={`live-status live-status--${status === LIVE_STATUS.live ? "live" : status === LIVE_STATUS.upcoming ? "upcoming" : "ended"}`}
      role="status"
    >
      <span className="live-status__label">{label}</span>
      {status === LIVE_STATUS.live ? <span className="live-status__online">{LIVE_TEXTS.online(online)}</span> : null}
    </p>
  );
}

export function UpcomingPanel({ info, view }: { info: LiveInfo; view: LiveRoomView }) {
  // The server's page counts from the time it was made; the browser's clock takes over once it runs.
  const now = view.now ?? Date.now();
  return (
    <div className="live-upcoming">
      {info.countdown.show ? (
        <p className="live-upcoming__countdown">
          <span className="live-upcoming__title">{info.countdown.title || LIVE_TEXTS.countdown}</span>
          <time className="live-upcoming__clock" dateTime={new Date(info.start_time * 1000).toISOString()} suppressHydrationWarning>
            {formatCountdown(countdownTo(view.room.start_time, now))}
          </time>
        </p>
      ) : null}
      <p className="live-upcoming__start">开播时间 {formatDate(new Date(view.room.start_time * 1000), "MM月DD日 HH:mm")}</p>
      <BookingForm liveId={info.live_id} booked={info.booked} bookingCount={info.booking_count} />
    </div>
  );
}

/** The replay the visitor picked (?replay=N, without JavaScript a reload), else the first. */
function useReplayIndex(playlists: LivePlaylist[]): number {
  const [params] = useSearchParams();
  const index = Number(params.get("replay") ?? 0);
  return Number.isInteger(index) && index >= 0 && index < playlists.length ? index : 0;
}

export function LiveStage({ info, view, shape }: { info: LiveInfo; view: LiveRoomView; shape: StageShape }) {
  const { room, status } = view;
  const replay = useReplayIndex(room.playlists);
  if (status === LIVE_STATUS.live && room.stream_url) {
    return (
      <VideoPlayer
        key={room.stream_url}
        media={liveMedia(room.stream_url, info.cover, shape)}
        label={`${info.title}（${LIVE_TEXTS.live}）`}
        shape={shape}
        live
      />
    );
  }
  if (status === LIVE_STATUS.ended && room.playlists.length > 0) {
    const item = room.playlists[replay]!;
    return (
      <VideoPlayer
        key={item.url}
        media={liveMedia(item.url, item.cover || info.cover, shape)}
        label={`${info.title}（${LIVE_TEXTS.replay}）`}
        shape={shape}
      />
    );
  }
  return (
    <div className={`live-poster live-poster--${shape}`}>
      {info.cover ? (
        <img
          className="live-poster__cover"
          src={info.cover}
          alt=""
          width={shape === "portrait" ? 720 : 1280}
          height={shape === "portrait" ? 1280 : 720}
        />
      ) : null}
      <div className="live-poster__over">
        {status === LIVE_STATUS.upcoming ? <UpcomingPanel info={info} view={view} /> : null}
        {status === LIVE_STATUS.live ? <p className="live-poster__note">直播信号准备中，请稍候</p> : null}
        {status === LIVE_STATUS.ended ? <p className="live-poster__note">{LIVE_TEXTS.noReplay}</p> : null}
      </div>
    </div>
  );
}

export function ReplayList({ playlists }: { playlists: LivePlaylist[] }) {
  const current = useReplayIndex(playlists);
  if (playlists.length === 0) return <p className="empty">{LIVE_TEXTS.noReplay}</p>;
  return (
    <ol className="live-replays">
      {playlists.map((item, index) => (
        <li key={item.url}>
          <Link
            to={`?replay=${index}`}
            replace
            preventScrollReset
            className="live-replays__item"
            aria-current={index === current ? "true" : undefined}
          >
            {item.cover ? <img src={item.cover} alt="" width={96} height={54} loading="lazy" /> : null}
            <span>{item.title || `${LIVE_TEXTS.replay} ${index + 1}`}</span>
            {item.duration > 0 ? <span className="live-replays__duration">{formatCountdown(countdownTo(item.duration, 0))}</span> : null}
          </Link>
        </li>
      ))}
    </ol>
  );
}
