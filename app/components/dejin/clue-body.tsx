import { Link } from "@remix-run/react";
import type { Clue } from "~/bff/clue-report.server";
import { ReaderMedia } from "~/components/reader-media";
import { chineseCount } from "~/lib/count";
import { dejinPaths } from "~/lib/dejin-paths";
import { formatDate, formatRelativeDate } from "~/lib/relative-date";

/** One clue in full: reporter, text, where and when, its pictures and video, the reporters it mentions, its topic. */
export function ClueBody({ clue, now }: { clue: Clue; now: string }) {
  return (
    <article className="clue-detail">
      <div className="clue__head">
        <Link className="clue__reporter" to={dejinPaths.personal(clue.reporter.user_id)}>
          {clue.reporter.avatar ? (
            <img className="avatar" src={clue.reporter.avatar} alt="" width={32} height={32} />
          ) : (
            <span className="avatar" aria-hidden="true" />
          )}
          <span className="clue__alias">{clue.reporter.alias}</span>
        </Link>
        <time className="clue__time" dateTime={clue.publish_at} title={formatDate(clue.publish_at)}>
          {formatRelativeDate(clue.publish_at, new Date(now))}
        </time>
      </div>
      <h1 className="clue-detail__title">{clue.title}</h1>
      <p className="clue-detail__text">
        {clue.content}
        {clue.at_users.map((user) => (
          <Link key={user.user_id} className="clue-detail__at" to={dejinPaths.personal(user.user_id)}>
            @{user.alias}
          </Link>
        ))}
      </p>
      <dl className="clue-detail__facts">
        {clue.location ? (
          <div>
            <dt>地点</dt>
            <dd>{clue.location}</dd>
          </div>
        ) : null}
        {clue.happened_at ? (
          <div>
            <dt>时间</dt>
            <dd>
              <time dateTime={clue.happened_at}>{formatDate(clue.happened_at)}</time>
            </dd>
          </div>
        ) : null}
      </dl>
      <ReaderMedia images={clue.images} video={clue.video} />
      <p className="clue__meta">
        {clue.topic_name ? (
          <Link className="clue__topic" to={dejinPaths.topic(clue.topic_name, clue.channel?.channel_id)}>
            #{clue.topic_title}
            {clue.channel ? ` · ${clue.channel.name}` : ""}
          </Link>
        ) : null}
        <span>{chineseCount(clue.view_sum)}阅读</span>
      </p>
    </article>
  );
}
