import { ColumnPanel } from "~/components/content/live/column-panel";
import { ColumnTabs, columnsOf, PlaceLine } from "~/components/content/live/live-columns";
import { LikeButton } from "~/components/content/live/live-forms";
import type { LiveScreenProps } from "~/components/content/live/use-live-room";
import { LiveStage, StatusBadge } from "~/components/content/live/live-stage";
import { LIVE_STATUS } from "~/lib/live-state";

/** The landscape screen: a 16:9 player (or the cover with the countdown, or the replay) above the column tabs. */
export function LandscapeScreen({ room, view, content }: LiveScreenProps) {
  const { info } = room;
  return (
    <article className="live live--landscape">
      <div className="live-stage">
        <LiveStage info={info} view={view} shape="landscape" />
      </div>
      <header className="live-head">
        <h1 className="live-head__title">{info.title || content.title}</h1>
        <div className="live-head__meta">
          <StatusBadge status={view.status} online={view.room.online_count} />
          {view.status === LIVE_STATUS.live ? <LikeButton liveId={info.live_id} likeCount={view.room.like_count} /> : null}
        </div>
        <PlaceLine room={room} />
      </header>
      <ColumnTabs columns={columnsOf(info, "landscape")} panel={(type) => <ColumnPanel type={type} room={room} view={view} content={content} />} />
    </article>
  );
}
