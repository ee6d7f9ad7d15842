import { Link } from "@remix-run/react";
import type { Clue } from "~/bff/clue-report.server";
import { abbreviateCount } from "~/lib/count";
import { dejinPaths } from "~/lib/dejin-paths";
import { formatRelativeDate } from "~/lib/relative-date";

const THUMBS_SHOWN = 3;

/** One tip-off in a list: who reported it and when, its text, up to three pictures or the video's poster, where. */
/** `eager`: the first card of a page, whose pictures are likely the largest thing on screen: not lazy-loaded. */
export function ClueCard({ clue, now, eager = false }: { clue: Clue; now: string; eager?: boolean }) {
  const loading = eager ? undefined : "lazy";
  const detail = dejinPaths.detail(clue.post_id);
  const thumbs = clue.images.slice(0, THUMBS_SHOWN);
  return (
    <li className={`clue card-id-${clue.post_id}`}>
      <div className="clue__head">
        <Link className="clue__reporter" to={dejinPaths.personal(clue.reporter.user_id)}>
          {clue.reporter.avatar ? (
            <img className="avatar" src={clue.reporter.avatar} alt="" width={32} height={32} loading="lazy" decoding="async" />
          ) : (
            <span className="avatar" aria-hidden="true" />
          )}
          <span className="clue__alias">{clue.reporter.alias}</span>
        </Link>
        <time className="clue__time" dateTime={clue.publish_at}>
          {formatRelativeDate(clue.publish_at, new Date(now))}
        </time>
      </div>
      <Link className="clue__link" to={detail} prefetch="intent">
        <h2 className="clue__title">{clue.title}</h2>
        <p className="clue__text">{clue.content}</p>
        {clue.video ? (
          <span className="clue__video">
            <img src={clue.video.poster} alt="" width={clue.video.width || 360} height={clue.video.height || 640} loading={loading} decoding="async" />
            <span className="clue__play" aria-label="视频" />
          </span>
        ) : thumbs.length > 0 ? (
          <span className={`clue__pictures clue__pictures--${thumbs.length}`}>
            {thumbs.map((picture) => (
              <img key={picture.url} src={picture.thumb || picture.url} alt="" width={picture.width || 640} height={picture.height || 360} loading={loading} decoding="async" />
            ))}
            {clue.images.length > THUMBS_SHOWN ? <span className="clue__more">共{clue.images.length}张</span> : null}
          </span>
        ) : null}
      </Link>
      <p className="clue__meta">
        {clue.topic_name ? (
          <Link className="clue__topic" to={dejinPaths.topic(clue.topic_name)}>
            #{clue.topic_name}
          </Link>
        ) : null}
        {clue.location ? <span className="clue__location">{clue.location}</span> : null}
        <span>{abbreviateCount(clue.view_sum)}阅读</span>
        <span>{abbreviateCount(clue.comment_count)}评论</span>
      </p>
    </li>
  );
}
