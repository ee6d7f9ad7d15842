import type { BodyProps } from "~/components/content/body-props";
import { MediaMissing } from "~/components/content/media-missing";
import { VideoPlayer } from "~/components/content/video-player";
import { chineseCount } from "~/lib/count";

/** The registry gives this type no comment footer and no bottom lists. */
export function SvideoBody({ content, extra: media, follow }: BodyProps<"svideo">) {
  return (
    <article className="svideo">
      {media ? <VideoPlayer media={media} label={content.title} shape="portrait" /> : <MediaMissing cover={content.cover} what="视频" />}
      <div className="svideo__caption">
        {/* A div, not a p: the follow control is a form, which a paragraph cannot hold. */}
        <div className="svideo__source">
          <span>@{content.mp_name || content.source_alias}</span>
          {follow}
        </div>
        <h1 className="svideo__title">{content.title}</h1>
        <p className="svideo__meta">
          {chineseCount(content.view_count)}次播放{content.duration_str ? ` · ${content.duration_str}` : ""}
        </p>
      </div>
    </article>
  );
}
