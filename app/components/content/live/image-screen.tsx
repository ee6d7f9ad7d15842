import { ColumnPanel } from "~/components/content/live/column-panel";
import { ColumnTabs, columnsOf } from "~/components/content/live/live-columns";
import { LiveHeadline } from "~/components/content/live/live-headline";
import type { LiveScreenProps } from "~/components/content/live/use-live-room";
import { LiveStage, UpcomingPanel } from "~/components/content/live/live-stage";
import { LIVE_STATUS, LIVE_TEXTS } from "~/lib/live-state";

/** 图文直播: the host's stream of text, pictures and short clips, newest first. */
export function ImageScreen({ room, view, content }: LiveScreenProps) {
  const { info } = room;
  return (
    <article className="live live--image">
      <header className="live-head">
        {info.cover ? <img className="live-head__cover" src={info.cover} alt="" width={750} height={422} decoding="async" /> : null}
        <LiveHeadline room={room} view={view} content={content} />
      </header>
      {view.status === LIVE_STATUS.upcoming ? <UpcomingPanel info={info} view={view} /> : null}
      {view.status === LIVE_STATUS.ended ? (
        view.room.playlists.length > 0 ? (
          <LiveStage info={info} view={view} shape="landscape" />
        ) : (
          <p className="live-ended">{LIVE_TEXTS.noReplay}</p>
        )
      ) : null}
      <ColumnTabs columns={columnsOf(info, "image")} panel={(type) => <ColumnPanel type={type} room={room} view={view} content={content} />} />
    </article>
  );
}
