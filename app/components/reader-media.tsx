import type { HeroPicture } from "~/components/content/hero-picture";
import { fetchPriority } from "~/lib/fetch-priority";

/** Pictures and a short video that readers posted (a tip-off, a circle post), with their pixel sizes for the layout. */
export type ReaderPicture = { url: string; thumb: string; width: number; height: number };
export type ReaderVideo = { url: string; poster: string; width: number; height: number };

const THUMBS_SHOWN = 3;
/** A phone's first screen shows a post's first two pictures: neither waits for layout, as a lazy picture does. */
const PICTURES_AT_ONCE = 2;

/** `eager`: the first card of a page, whose pictures are likely the largest thing on screen, is not lazy-loaded. */
export function ReaderMediaThumbs({ images, video, eager = false }: { images: ReaderPicture[]; video: ReaderVideo | null; eager?: boolean }) {
  const loading = eager ? undefined : "lazy";
  if (video) {
    return (
      <span className="reader-poster">
        <img src={video.poster} alt="" width={video.width || 360} height={video.height || 640} loading={loading} decoding="async" />
        <span className="reader-poster__play" aria-label="视频" />
      </span>
    );
  }
  const thumbs = images.slice(0, THUMBS_SHOWN);
  if (thumbs.length === 0) return null;
  return (
    <span className={`reader-thumbs reader-thumbs--${thumbs.length}`}>
      {thumbs.map((picture) => (
        <img
          key={picture.url}
          src={picture.thumb || picture.url}
          alt=""
          width={picture.width || 640}
          height={picture.height || 360}
          loading={loading}
          decoding="async"
        />
      ))}
      {images.length > THUMBS_SHOWN ? <span className="reader-thumbs__more">共{images.length}张</span> : null}
    </span>
  );
}

/** The picture ReaderMedia shows first and largest: the video's poster, else the first picture (the page's hero). */
export function readerMediaHero({ images, video }: { images: ReaderPicture[]; video: ReaderVideo | null }): HeroPicture | null {
  const src = video ? video.poster : images[0]?.url;
  return src ? { src } : null;
}

export function ReaderMedia({ images, video }: { images: ReaderPicture[]; video: ReaderVideo | null }) {
  return (
    <>
      {video ? (
        <video
          className="reader-media__video"
          src={video.url}
          poster={video.poster || undefined}
          width={video.width || undefined}
          height={video.height || undefined}
          controls
          playsInline
          preload="metadata"
        />
      ) : null}
      {images.length > 0 ? (
        <ul className="reader-media__pictures">
          {images.map((picture, index) => (
            <li key={picture.url}>
              {/* A plain link to the full picture: it opens without JavaScript and can be zoomed by the browser. */}
              <a href={picture.url} aria-label={`查看第${index + 1}张图片`}>
                <img
                  src={picture.url}
                  alt=""
                  width={picture.width || undefined}
                  height={picture.height || undefined}
                  decoding="async"
                  loading={index >= PICTURES_AT_ONCE ? "lazy" : undefined}
                  {...(index === 0 && !video ? fetchPriority("high") : {})}
                />
              </a>
            </li>
          ))}
        </ul>
      ) : null}
    </>
  );
}
