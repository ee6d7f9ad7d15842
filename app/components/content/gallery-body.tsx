import { useEffect, useRef, useState, type MouseEvent, type RefObject } from "react";
import type { BodyProps } from "~/components/content/body-props";
import { ContentHeader } from "~/components/content/content-header";
import { TagBadge } from "~/components/tag-badge";
import { WebpPicture } from "~/components/webp-picture";
import { useHydrated } from "~/hooks/use-hydrated";
import { fetchPriority } from "~/lib/fetch-priority";

/** The first picture is the page's largest paint: those after it, some on a phone's first screen too, leave it the bandwidth. */
const AFTER_THE_FIRST = fetchPriority("low");

/** Each picture links to its full-size file, so without JavaScript it opens in the browser; with it, the swipe viewer opens. */
export function GalleryBody({ content, extra, now, follow }: BodyProps<"gallery">) {
  const { pictures } = extra;
  const listRef = useRef<HTMLOListElement>(null);
  const count = pictures.length || content.pic_num;
  const current = useCurrentPicture(listRef);
  const hydrated = useHydrated();

  function open(event: MouseEvent<HTMLAnchorElement>, index: number) {
    // A modified click (new tab, download) keeps its usual meaning.
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    const thumbnails = Array.from(listRef.current?.querySelectorAll<HTMLElement>(".gallery__link") ?? []);
    import("~/client/gallery-viewer")
      .then(({ openGalleryViewer }) => openGalleryViewer(pictures, index, thumbnails))
      // The viewer's chunk did not load (offline, a new deploy): the full picture is still a link away.
      .catch(() => window.location.assign(pictures[index].url));
  }

  return (
    <article className="gallery">
      <ContentHeader content={content} now={now} follow={follow}>
        <TagBadge type={content.content_type} />
        <span>{count}张图片</span>
      </ContentHeader>
      {content.summary ? <p className="summary__text">{content.summary}</p> : null}
      {pictures.length === 0 ? (
        <p className="gallery__empty">图集暂无图片</p>
      ) : (
        <ol className="gallery__list" ref={listRef} aria-label={`图集，共${count}张`}>
          {pictures.map((picture, index) => (
            <li className="gallery__item" id={`pic-${index + 1}`} key={picture.url}>
              <figure className="gallery__figure">
                <a className="gallery__link" href={picture.url} onClick={(event) => open(event, index)} aria-label={`查看大图 ${index + 1}/${count}`}>
                  <WebpPicture
                    className="gallery__image"
                    src={picture.url}
                    webp={picture.webp}
                    alt={picture.description}
                    width={picture.width || undefined}
                    height={picture.height || undefined}
                    loading={index === 0 ? "eager" : "lazy"}
                    {...(index === 0 ? {} : AFTER_THE_FIRST)}
                    decoding="async"
                  />
                </a>
                <figcaption className="gallery__caption">
                  <span className="gallery__counter">
                    {index + 1}/{count}
                  </span>
                  {picture.description}
                </figcaption>
              </figure>
            </li>
          ))}
        </ol>
      )}
      {content.html ? <div className="article__body rich-text" dangerouslySetInnerHTML={{ __html: content.html }} /> : null}
      {/* Over the gallery footer, where the reader is in the set; each caption says the same without JavaScript. */}
      {hydrated && pictures.length > 1 ? (
        <p className="gallery__progress" aria-hidden="true">
          {current}/{count}
        </p>
      ) : null}
    </article>
  );
}

function useCurrentPicture(listRef: RefObject<HTMLOListElement>): number {
  const [current, setCurrent] = useState(1);
  useEffect(() => {
    const items = Array.from(listRef.current?.children ?? []);
    if (items.length === 0 || typeof IntersectionObserver === "undefined") return;
    // A thin band across the middle of the viewport: the picture crossing it is the one being looked at.
    const observer = new IntersectionObserver(
      (entries) => {
        const seen = entries.find((entry) => entry.isIntersecting);
        if (seen) setCurrent(items.indexOf(seen.target) + 1);
      },
      { rootMargin: "-50% 0px -50% 0px" },
    );
    items.forEach((item) => observer.observe(item));
    return () => observer.disconnect();
  }, [listRef]);
  return current;
}
