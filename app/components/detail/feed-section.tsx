import { useLocation } from "@remix-run/react";
import type { Card, FeedKind } from "~/bff/content.server";
import { ContentCardList } from "~/components/content-card";
import { LoadMoreLink } from "~/components/load-more-link";
import { useLoadMore } from "~/hooks/use-load-more";
import { withParam } from "~/lib/query";

type Props = {
  kind: FeedKind;
  title: string;
  feed: { list: Card[]; total: number; pages: number };
  /** The query parameter holding how many pages the no-JS page shows. */
  pageParam: string;
  /** The page being read: a page never lists itself, in its first pages or in those loaded later. */
  exclude: string;
  now: string;
  ranked?: boolean;
};

const keyOf = (content: Card) => content.post_id;

export function FeedSection({ kind, title, feed, pageParam, exclude, now, ranked = false }: Props) {
  const location = useLocation();
  const { items, hasMore, nextPage, loading, loadMore } = useLoadMore({
    initial: feed.list,
    total: feed.total,
    pages: feed.pages,
    pageUrl: (page) => `/api/feed/${kind}?page=${page}&exclude=${encodeURIComponent(exclude)}`,
    key: keyOf,
  });
  if (items.length === 0) return null;
  const id = `feed-${kind}`;
  return (
    <section className="section" id={id} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="section__title">
        {title}
      </h2>
      <ContentCardList cards={items} now={now} ranked={ranked} />
      {hasMore ? (
        <LoadMoreLink
          href={`${withParam(location.search, pageParam, String(nextPage))}#${id}`}
          loading={loading}
          onClick={loadMore}
          text="加载更多"
        />
      ) : null}
    </section>
  );
}
