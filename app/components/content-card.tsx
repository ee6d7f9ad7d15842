import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import type { Card } from "~/bff/content.server";
import { TagBadge } from "~/components/tag-badge";
import { albumStatusText } from "~/lib/album-status";
import { abbreviateCount } from "~/lib/count";
import { formatRelativeDate } from "~/lib/relative-date";

/**
 * A list item linking to a content page; `card-id-{id}` is the class the exposure tracker looks for. `title` is the
 * title as shown when it is more than the text (search results mark their words in it).
 */
export function ContentCard({ content, now, rank, title }: { content: Card; now: string; rank?: number; title?: ReactNode }) {
  const { cover, href } = content;
  const external = /^https?:/.test(href);
  const body = (
    <>
      <div className="card__text">
        <h3 className="card__title">
          {rank !== undefined ? <span className={`card__rank card__rank--${rank}`}>{rank}</span> : null}
          {title ?? content.title}
        </h3>
        <p className="card__meta">
          <TagBadge type={content.content_type} />
          {content.album_status ? <span className="card__album">{albumStatusText(content.album_status)}</span> : null}
          <span className="card__optional">
            {content.source_alias ? <span>{content.source_alias}</span> : null}
            <span className="card__views">{abbreviateCount(content.view_count)}阅读</span>
          </span>
          <time dateTime={content.publish_at}>{formatRelativeDate(content.publish_at, new Date(now))}</time>
        </p>
      </div>
      {cover ? <img className="card__cover" src={cover} alt="" loading="lazy" decoding="async" width={112} height={74} /> : null}
    </>
  );
  return (
    <li className={`card card-id-${content.post_id}`}>
      {external ? (
        <a className="card__link" href={href} rel="noopener">
          {body}
        </a>
      ) : (
        <Link className="card__link" to={href} prefetch="intent">
          {body}
        </Link>
      )}
    </li>
  );
}
