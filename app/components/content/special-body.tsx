import type { BodyProps } from "~/components/content/body-props";
import { ContentHeader } from "~/components/content/content-header";
import { ContentCardList } from "~/components/content-card";
import { WebpPicture } from "~/components/webp-picture";

const sectionAnchor = (sectionId: string) => `section-${sectionId}`;

/** The section tabs are in-page anchors, so they work without JavaScript. */
export function SpecialBody({ content, extra, now, follow }: BodyProps<"special">) {
  const sections = extra.sections.filter((section) => section.cards.length > 0);
  return (
    <article className="special">
      {content.cover ? (
        <WebpPicture className="special__banner" src={content.cover} webp={content.coverWebp} width={750} height={422} decoding="async" />
      ) : null}
      <ContentHeader content={content} now={now} follow={follow} />
      {content.summary ? <p className="special__summary">{content.summary}</p> : null}
      {content.html ? <div className="article__body rich-text" dangerouslySetInnerHTML={{ __html: content.html }} /> : null}
      {sections.length > 0 ? (
        <>
          <nav className="special__tabs" aria-label="专题栏目">
            {sections.map((section) => (
              <a key={section.section_id} className="special__tab" href={`#${sectionAnchor(section.section_id)}`}>
                {section.name}
              </a>
            ))}
          </nav>
          {sections.map((section) => (
            <section
              key={section.section_id}
              className="section special__section"
              id={sectionAnchor(section.section_id)}
              aria-labelledby={`${sectionAnchor(section.section_id)}-title`}
            >
              <h2 id={`${sectionAnchor(section.section_id)}-title`} className="section__title">
                {section.name}
              </h2>
              <ContentCardList cards={section.cards} now={now} />
            </section>
          ))}
        </>
      ) : (
        <p className="special__empty">专题内容正在整理中，敬请期待</p>
      )}
    </article>
  );
}
