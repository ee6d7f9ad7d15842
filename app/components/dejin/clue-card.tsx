import { Link } from "@remix-run/react";
import type { Clue } from "~/bff/clue-report.server";
import { ReaderMediaThumbs } from "~/components/reader-media";
import { chineseCount } from "~/lib/count";
import { dejinPaths } from "~/lib/dejin-paths";
import { formatRelativeDate } from "~/lib/relative-date";

/** One tip-off in a list: who reported it and when, its text, up to three pictures or the video's poster, where. */
export function ClueCard({ clue, now, eager = false }: { clue: Clue; now: string; eager?: boolean }) {
  const detail = dejinPaths.detail(clue.post_id);
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
        <ReaderMediaThumbs images={clue.images} video={clue.video} eager={eager} />
      </Link>
      <p className="clue__meta">
        {clue.topic_name ? (
          <Link className="clue__topic" to={dejinPaths.topic(clue.topic_name)}>
            #{clue.topic_title}
          </Link>
        ) : null}
        {clue.location ? <span className="clue__location">{clue.location}</span> : null}
        <span>{chineseCount(clue.view_sum)}阅读</span>
        <span>{chineseCount(clue.comment_count)}评论</span>
      </p>
    </li>
  );
}
