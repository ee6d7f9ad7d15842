import { Link } from "@remix-run/react";
import type { FlyCard } from "~/bff/fly-cards.server";
import { WebpPicture } from "~/components/webp-picture";
import { TagBadge } from "~/components/tag-badge";

/** Where the card of a deck lives on its own (the fly card's sub-page, to share one card). */
export const flyCardPath = (listId: string, index: number) => `/fly_card/${encodeURIComponent(listId)}/${index}/index`;

function ContentLink({ href, children }: { href: string; children: string }) {
  return /^https?:/.test(href) ? (
    <a className="button fly-card__open" href={href} rel="noopener">
      {children}
    </a>
  ) : (
    <Link className="button fly-card__open" to={href}>
      {children}
    </Link>
  );
}

export function FlyCardView({ card, total, titleTag: Title = "h2" }: { card: FlyCard; total: number; titleTag?: "h1" | "h2" }) {
  return (
    <article className={`fly-card card-id-${card.card.post_id}`} aria-label={`第${card.index}张，共${total}张`}>
      {card.card.cover ? (
        <WebpPicture
          className="fly-card__cover"
          src={card.card.cover}
          webp={card.card.coverWebp}
          width={640}
          height={360}
          loading={card.index > 2 ? "lazy" : undefined}
          decoding="async"
        />
      ) : null}
      <div className="fly-card__body">
        <p className="fly-card__count">
          {card.index} / {total}
        </p>
        <Title className="fly-card__headline">{card.headline}</Title>
        {card.blurb ? <p className="fly-card__blurb">{card.blurb}</p> : null}
        <p className="fly-card__content">
          <TagBadge type={card.card.content_type} />
          <span>{card.card.title}</span>
        </p>
        <ContentLink href={card.card.href}>查看详情</ContentLink>
      </div>
    </article>
  );
}
