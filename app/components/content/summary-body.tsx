import type { BodyProps } from "~/components/content/body-props";
import { ContentHeader } from "~/components/content/content-header";
import { WebpPicture } from "~/components/webp-picture";
import { TagBadge } from "~/components/tag-badge";
import { albumStatusText } from "~/lib/album-status";

/** The stand-in body for types whose own body is not written yet: it shows what the content is, and plays and pages nothing. */
export function SummaryBody({ content, now, follow }: BodyProps) {
  return (
    <article className="summary">
      {content.cover ? (
        <WebpPicture className="summary__cover" src={content.cover} webp={content.coverWebp} width={750} height={422} decoding="async" />
      ) : null}
      <ContentHeader content={content} now={now} follow={follow}>
        <TagBadge type={content.content_type} />
        {content.album_status ? <span>{albumStatusText(content.album_status)}</span> : null}
        {content.duration_str ? <span>时长 {content.duration_str}</span> : null}
        {content.pic_num > 0 ? <span>{content.pic_num}张图片</span> : null}
      </ContentHeader>
      {content.summary ? <p className="summary__text">{content.summary}</p> : null}
      {content.html ? <div className="article__body rich-text" dangerouslySetInnerHTML={{ __html: content.html }} /> : null}
    </article>
  );
}
