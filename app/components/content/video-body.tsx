import type { BodyProps } from "~/components/content/body-props";
import { ContentHeader } from "~/components/content/content-header";
import { MediaMissing } from "~/components/content/media-missing";
import { VideoPlayer } from "~/components/content/video-player";
import { TagBadge } from "~/components/tag-badge";

/** A video: the player (poster first, nothing downloaded until play), then headline, duration, views and the description. */
export function VideoBody({ content, extra: media, now, follow }: BodyProps<"video">) {
  return (
    <article className="video-body">
      {media ? <VideoPlayer media={media} label={content.title} shape="landscape" /> : <MediaMissing cover={content.cover} what="视频" />}
      <ContentHeader content={content} now={now} follow={follow}>
        <TagBadge type={content.content_type} />
        {content.duration_str ? <span>时长 {content.duration_str}</span> : null}
      </ContentHeader>
      {content.summary ? <p className="summary__text">{content.summary}</p> : null}
      {content.html ? <div className="article__body rich-text" dangerouslySetInnerHTML={{ __html: content.html }} /> : null}
    </article>
  );
}
