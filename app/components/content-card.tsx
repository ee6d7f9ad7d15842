import { Link } from "@remix-run/react";
import type { Card } from "~/bff/content.server";
import { HighlightedText } from "~/components/highlighted-text";
import { SharedMarkup } from "~/components/shared-markup";
import { TagBadge } from "~/components/tag-badge";
import { albumStatusText } from "~/lib/album-status";
import { abbreviateCount } from "~/lib/count";
import { formatRelativeDate, startOfMinute } from "~/lib/relative-date";

type ListProps = {
  cards: Card[];
  now: string;
  /** Numbered 1, 2, 3… (the hot list). */
  ranked?: boolean;
  /** The words to mark in the titles (search results). */
  highlight?: string;
};

/**
 * Content cards as one piece of shared markup (components/shared-markup.tsx). Their relative dates count from the
 * start of `now`'s minute, so that one rendering of the same cards serves everyone for that minute.
 */
export function ContentCardList({ cards, now, ranked = false, highlight }: ListProps) {
  const from = startOfMinute(now);
  return (
    <SharedMarkup as="ul" className="card-list" deps={{ cards, from, ranked, highlight }}>
      {cards.map((card, index) => (
        <ContentCard key={card.post_id} content={card} now={from} rank={ranked ? index + 1 : undefined} highlight={highlight} />
      ))}
    </SharedMarkup>
  );
}

type CardProps = { content: Card; now: string; rank?: number; highlight?: string };

/** A list item linking to a content page; `card-id-{id}` is the class the exposure tracker looks for. */
function ContentCard({ content, now, rank, highlight }: CardProps) {
  const { cover, href } = content;
  const external = /^https?:/.test(href);
  const body = (
    <>
      <div className="card__text">
        <h3 className="card__title">
          {rank !== undefined ? <span className={`card__rank card__rank--${rank}`}>{rank}</span> : null}
          {highlight ? <HighlightedText text={content.title} keyword={highlight} /> : content.title}
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
