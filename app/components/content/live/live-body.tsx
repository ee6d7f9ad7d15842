import type { BodyProps, ContentView, LiveRoom } from "~/components/content/body-props";
import { ImageScreen } from "~/components/content/live/image-screen";
import { LandscapeScreen } from "~/components/content/live/landscape-screen";
import { PortraitScreen } from "~/components/content/live/portrait-screen";
import { useLiveRoom } from "~/components/content/live/use-live-room";
import { SummaryBody } from "~/components/content/summary-body";

const SCREENS = { image: ImageScreen, landscape: LandscapeScreen, portrait: PortraitScreen };

export function LiveBody(props: BodyProps<"local_live">) {
  if (!props.extra) return <SummaryBody {...props} extra={null} />;
  return <LiveRoomBody room={props.extra} content={props.content} />;
}

function LiveRoomBody({ room, content }: { room: LiveRoom; content: ContentView }) {
  const view = useLiveRoom(room);
  const Screen = SCREENS[room.info.style];
  return <Screen room={room} view={view} content={content} />;
}
