import type { BodyProps } from "~/components/content/body-props";
import { ContentHeader } from "~/components/content/content-header";

/** An article (doc): headline, source, time, views, follow, and the sanitized rich text. */
export function ArticleBody({ content, now, follow }: BodyProps<"article">) {
  return (
    <article>
      <ContentHeader content={content} now={now} follow={follow} />
      <div className="article__body rich-text" dangerouslySetInnerHTML={{ __html: content.html }} />
    </article>
  );
}
