import { ChatPanel } from "~/components/content/live/chat-panel";
import { IntroPanel, PlaceLine } from "~/components/content/live/live-columns";
import { LikeButton } from "~/components/content/live/live-forms";
import type { LiveScreenProps } from "~/components/content/live/use-live-room";
import { LiveStage, ReplayList, StatusBadge } from "~/components/content/live/live-stage";
import { LIVE_STATUS, LIVE_TEXTS } from "~/lib/live-state";

export function PortraitScreen({ room, view, content }: LiveScreenProps) {
  const { info } = room;
  return (
    <article className="live live--portrait">
      <div className="live-portrait">
        <LiveStage info={info} view={view} shape="portrait" />
        <header className="live-portrait__top">
          <h1 className="live-head__title">{info.title || content.title}</h1>
          <StatusBadge status={view.status} online={view.room.online_count} />
          <PlaceLine room={room} />
        </header>
        <div className="live-portrait__foot">
          <ChatPanel liveId={info.live_id} view={view} overlay />
          {view.status === LIVE_STATUS.live ? <LikeButton liveId={info.live_id} likeCount={view.room.like_count} overlay /> : null}
        </div>
      </div>
      {view.status === LIVE_STATUS.ended && view.room.playlists.length > 1 ? (
        <section className="section">
          <h2 className="section__title">{LIVE_TEXTS.replay}</h2>
          <ReplayList playlists={view.room.playlists} />
        </section>
      ) : null}
      <IntroPanel room={room} summary={content.summary} html={content.html} />
    </article>
  );
}
