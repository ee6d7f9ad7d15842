import { ColumnPanel } from "~/components/content/live/column-panel";
import { ColumnTabs, columnsOf } from "~/components/content/live/live-columns";
import { LiveHeadline } from "~/components/content/live/live-headline";
import type { LiveScreenProps } from "~/components/content/live/use-live-room";
import { LiveStage } from "~/components/content/live/live-stage";

/** The landscape screen: a 16:9 player (or the cover with the countdown, or the replay) above the column tabs. */
export function LandscapeScreen({ room, view, content }: LiveScreenProps) {
  const { info } = room;
  return (
    <article className="live live--landscape">
      <div className="live-stage">
        <LiveStage info={info} view={view} shape="landscape" />
      </div>
      <header className="live-head">
        <LiveHeadline room={room} view={view} content={content} />
      </header>
      <ColumnTabs columns={columnsOf(info, "landscape")} panel={(type) => <ColumnPanel type={type} room={room} view={view} content={content} />} />
    </article>
  );
}
