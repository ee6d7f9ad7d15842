import { AudioPlayer } from "~/components/content/audio-player";
import type { BodyProps } from "~/components/content/body-props";
import { ContentHeader } from "~/components/content/content-header";
import { WebpPicture } from "~/components/webp-picture";
import { MediaMissing } from "~/components/content/media-missing";
import { TagBadge } from "~/components/tag-badge";

/** An audio item: cover, headline and source, the player, then the show notes. */
export function AudioBody({ content, extra: media, now, follow }: BodyProps<"audio">) {
  return (
    <article className="audio-body">
      {media ? (
        <>
          {content.cover ? (
            <WebpPicture className="audio-body__cover" src={content.cover} webp={content.coverWebp} width={640} height={360} decoding="async" />
          ) : null}
          <ContentHeader content={content} now={now} follow={follow}>
            <TagBadge type={content.content_type} />
          </ContentHeader>
          <AudioPlayer media={media} label={content.title} />
        </>
      ) : (
        <>
          <MediaMissing cover={content.cover} what="音频" />
          <ContentHeader content={content} now={now} follow={follow} />
        </>
      )}
      {content.summary ? <p className="summary__text">{content.summary}</p> : null}
      {content.html ? <div className="article__body rich-text" dangerouslySetInnerHTML={{ __html: content.html }} /> : null}
    </article>
  );
}
