import type { LiveColumnType } from "~/bff/live.server";
import { ChatPanel } from "~/components/content/live/chat-panel";
import { IntroPanel, PostList } from "~/components/content/live/live-columns";
import { ReplayList } from "~/components/content/live/live-stage";
import type { LiveScreenProps } from "~/components/content/live/use-live-room";

/** What one column tab shows, the same on every screen that has tabs: the host's posts, the chat, the replays, the introduction. */
export function ColumnPanel({ type, room, view, content }: LiveScreenProps & { type: LiveColumnType }) {
  if (type === "posts") return <PostList posts={view.room.posts} />;
  if (type === "chat") return <ChatPanel liveId={room.info.live_id} view={view} />;
  if (type === "replay") return <ReplayList playlists={view.room.playlists} />;
  return <IntroPanel room={room} summary={content.summary} html={content.html} />;
}
