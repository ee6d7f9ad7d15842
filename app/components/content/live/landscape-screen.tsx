import type { LiveColumnType } from "~/bff/live.server";
import { ChatPanel } from "~/components/content/live/chat-panel";
import { ColumnTabs, columnsOf, IntroPanel, PlaceLine, PostList } from "~/components/content/live/live-columns";
import { LikeButton } from "~/components/content/live/live-forms";
import type { LiveScreenProps } from "~/components/content/live/use-live-room";
import { LiveStage, ReplayList, StatusBadge } from "~/components/content/live/live-stage";
import { LIVE_STATUS } from "~/lib/live-state";

/** The landscape screen: a 16:9 player (or the cover with the countdown, or the replay) above the column tabs. */
export function LandscapeScreen({ room, view, content }: LiveScreenProps) {
  const { info } = room;
  const panel = (type: LiveColumnType) => {
    if (type === "posts") return <PostList posts={view.room.posts} />;
    if (type === "chat") return <ChatPanel liveId={info.live_id} view={view} />;
    if (type === "replay") return <ReplayList playlists={view.room.playlists} />;
    return <IntroPanel room={room} summary={content.summary} html={content.html} />;
  };
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
      <ColumnTabs columns={columnsOf(info, "landscape")} panel={panel} />
    </article>
  );
}
