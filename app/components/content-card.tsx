import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import type { Card } from "~/bff/content.server";
import { WebpPicture } from "~/components/webp-picture";
import { SharedMarkup } from "~/components/shared-markup";
import { TagBadge } from "~/components/tag-badge";
import { albumStatusText } from "~/lib/album-status";
import { chineseCount } from "~/lib/count";
import { formatRelativeDate } from "~/lib/relative-date";

/** A render function keeps the marking out of every other page's JavaScript; `key` names the marking for the shared markup. */
export type MarkedTitles = { key: string; title: (card: Card) => ReactNode };

type ListProps = {
  cards: Card[];
  now: string;
  /** Numbered 1, 2, 3… (the hot list). */
  ranked?: boolean;
  marked?: MarkedTitles;
};

/** The same cards at the same `now` (a minute, lib/relative-date.ts pageNow) render once for everyone. */
export function ContentCardList({ cards, now, ranked = false, marked }: ListProps) {
  return (
    <SharedMarkup as="ul" className="card-list" deps={{ cards, now, ranked, marked: marked?.key }} linksOnly>
      {cards.map((card, index) => (
        <ContentCard key={card.post_id} content={card} now={now} rank={ranked ? index + 1 : undefined} title={marked?.title(card)} />
      ))}
    </SharedMarkup>
  );
}

type CardProps = { content: Card; now: string; rank?: number; title?: ReactNode };

/** `card-id-{id}` is the class the exposure tracker looks for. */
function ContentCard({ content, now, rank, title }: CardProps) {
  const { cover, coverWebp, href } = content;
  // Anything but a path of the site (an http(s) target, the app-open dialog) is a plain link, not a route change; it
  // opens in the same tab, where `rel="noopener"` would change nothing.
  const external = !href.startsWith("/");
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
            <span className="card__views">{chineseCount(content.view_count)}阅读</span>
          </span>
          <time dateTime={content.publish_at}>{formatRelativeDate(content.publish_at, new Date(now))}</time>
        </p>
      </div>
      {cover ? <WebpPicture className="card__cover" src={cover} webp={coverWebp} loading="lazy" decoding="async" width={112} height={74} /> : null}
    </>
  );
  return (
    <li className={`card card-id-${content.post_id}`}>
      {external ? (
        <a className="card__link" href={href}>
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
