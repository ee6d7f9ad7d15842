import { PlaceLine } from "~/components/content/live/live-columns";
import { LikeButton } from "~/components/content/live/live-forms";
import { StatusBadge } from "~/components/content/live/live-stage";
import type { LiveScreenProps } from "~/components/content/live/use-live-room";
import { LIVE_STATUS } from "~/lib/live-state";

/** A broadcast's title, status (with the like button while it is live) and place: the head of the image and landscape screens. */
export function LiveHeadline({ room, view, content }: LiveScreenProps) {
  const { info } = room;
  return (
    <>
      <h1 className="live-head__title">{info.title || content.title}</h1>
      <div className="live-head__meta">
        <StatusBadge status={view.status} online={view.room.online_count} />
        {view.status === LIVE_STATUS.live ? <LikeButton liveId={info.live_id} likeCount={view.room.like_count} /> : null}
      </div>
      <PlaceLine room={room} />
    </>
  );
}
