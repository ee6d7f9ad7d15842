import { useLocation } from "@remix-run/react";
import type { ReactNode } from "react";
import type { Card } from "~/bff/content.server";
import { ContentCardList, type MarkedTitles } from "~/components/content-card";
import { LoadMoreLink } from "~/components/load-more-link";
import { useLoadMore } from "~/hooks/use-load-more";
import { withParam } from "~/lib/query";

export type CardPages = { list: Card[]; total: number; pages: number; pageSize: number };

type Props = {
  cards: CardPages;
  /** The list's name for screen readers: a heading between the page's h1 and the cards' h3 titles. */
  label: string;
  pageUrl: (page: number) => string;
  now: string;
  empty: ReactNode;
  marked?: MarkedTitles;
};

const keyOf = (card: Card) => card.post_id;

export function PagedCardList({ cards, label, pageUrl, now, empty, marked }: Props) {
  const location = useLocation();
  const { items, hasMore, nextPage, loading, loadMore } = useLoadMore({
    initial: cards.list,
    total: cards.total,
    pages: cards.pages,
    pageSize: cards.pageSize,
    pageUrl,
    key: keyOf,
  });
  if (items.length === 0 && !hasMore) return <>{empty}</>;
  return (
    <>
      <h2 className="visually-hidden">{label}</h2>
      <ContentCardList cards={items} now={now} marked={marked} />
      {hasMore ? (
        <LoadMoreLink href={withParam(location.search, "page", String(nextPage))} loading={loading} onClick={loadMore} text="加载更多" />
      ) : null}
    </>
  );
}
