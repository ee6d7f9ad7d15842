import { useLocation } from "@remix-run/react";
import { useEffect, useRef, useState, type MouseEvent } from "react";
import type { AlbumItem } from "~/bff/album.server";
import type { BodyProps } from "~/components/content/body-props";
import { ContentHeader } from "~/components/content/content-header";
import { WebpPicture } from "~/components/webp-picture";
import { LoadMoreLink } from "~/components/load-more-link";
import { TagBadge } from "~/components/tag-badge";
import { useLoadMore } from "~/hooks/use-load-more";
import { albumStatusText } from "~/lib/album-status";
import { withParam } from "~/lib/query";

const keyOf = (item: AlbumItem) => item.post_id;

/** An episode's link reloads with ?play=<id> (the player comes with the HTML); with JavaScript the click swaps the player in place. */
export function AlbumBody({ content, extra, now, follow }: BodyProps<"audio_album" | "video_album">) {
  const location = useLocation();
  const { items, hasMore, nextPage, loading, loadMore } = useLoadMore({
    initial: extra.items,
    total: extra.total,
    pages: extra.pages,
    pageUrl: (page) => `/api/album/${encodeURIComponent(content.post_id)}?page=${page}`,
    key: keyOf,
  });
  const [playingId, setPlayingId] = useState(extra.playing);
  const [startOnMount, setStartOnMount] = useState(false);
  useEffect(() => setPlayingId(extra.playing), [extra.playing]);
  const playing = items.find((item) => item.post_id === playingId) ?? null;
  const isVideo = content.content_type === "video_album";

  function choose(event: MouseEvent<HTMLAnchorElement>, item: AlbumItem) {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    setPlayingId(item.post_id);
    // The click is the visitor's gesture, so the new player may start with sound.
    setStartOnMount(true);
  }

  return (
    <article className="album">
      <div className="album__stage" id="album-player">
        {playing?.media ? (
          <EpisodePlayer key={playing.post_id} item={playing} start={startOnMount} />
        ) : content.cover ? (
          <WebpPicture className="album__cover" src={content.cover} webp={content.coverWebp} width={750} height={422} decoding="async" />
        ) : null}
      </div>
      {playing ? <p className="album__now">正在播放：{playing.title}</p> : null}
      <ContentHeader content={content} now={now} follow={follow}>
        <TagBadge type={content.content_type} />
        <span className="album__status">{albumStatusText(content.album_status ?? { status: 0, total: extra.total })}</span>
      </ContentHeader>
      {content.html ? (
        <div className="article__body rich-text" dangerouslySetInnerHTML={{ __html: content.html }} />
      ) : content.summary ? (
        <p className="summary__text">{content.summary}</p>
      ) : null}

      <section className="section album__episodes" id="album-items" aria-labelledby="album-items-title">
        <h2 id="album-items-title" className="section__title">
          {isVideo ? "选集" : "节目"}
          {extra.total > 0 ? <span className="album__total">共{extra.total}集</span> : null}
        </h2>
        {items.length === 0 ? (
          <p className="album__empty">专辑还没有内容，敬请期待</p>
        ) : (
          <ol className="album__list">
            {items.map((item, index) => {
              const current = item.post_id === playing?.post_id;
              return (
                <li key={item.post_id} className={current ? "album__item album__item--playing" : "album__item"}>
                  <a
                    className="album__link"
                    href={`${withParam(location.search, "play", item.post_id)}#album-player`}
                    onClick={(event) => choose(event, item)}
                    aria-current={current ? "true" : undefined}
                  >
                    <span className="album__index">{index + 1}</span>
                    <span className="album__title">{item.title}</span>
                    {item.duration_str ? <span className="album__duration">{item.duration_str}</span> : null}
                    <span className="album__play">{current ? "播放中" : "播放"}</span>
                  </a>
                </li>
              );
            })}
          </ol>
        )}
        {hasMore ? (
          <LoadMoreLink
            href={`${withParam(location.search, "apage", String(nextPage))}#album-items`}
            loading={loading}
            onClick={loadMore}
            text="加载更多"
          />
        ) : null}
      </section>
    </article>
  );
}

function EpisodePlayer({ item, start }: { item: AlbumItem; start: boolean }) {
  const ref = useRef<HTMLVideoElement & HTMLAudioElement>(null);
  useEffect(() => {
    const element = ref.current;
    if (!start || !element) return;
    element.scrollIntoView({ block: "nearest" });
    // A refused play() (autoplay rules) leaves the controls for the visitor's own tap.
    element.play().catch(() => {});
  }, [start]);

  const media = item.media;
  if (!media) return null;
  if (media.kind === "audio") {
    return (
      <div className="album__audio">
        {media.cover ? <img className="album__cover" src={media.cover} alt="" width={750} height={422} decoding="async" /> : null}
        <audio ref={ref} className="album__audio-player" controls preload="metadata" aria-label={item.title}>
          <source src={media.url} />
        </audio>
      </div>
    );
  }
  return (
    <video
      ref={ref}
      className="album__video"
      controls
      playsInline
      preload="metadata"
      poster={media.poster || undefined}
      width={media.width || 640}
      height={media.height || 360}
      aria-label={item.title}
      webkit-playsinline="true"
      x5-playsinline="true"
      x5-video-player-type="h5-page"
    >
      {media.mp4 ? <source src={media.mp4} type="video/mp4" /> : null}
      {media.hls ? <source src={media.hls} type="application/vnd.apple.mpegurl" /> : null}
    </video>
  );
}
