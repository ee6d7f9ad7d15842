import type { Clue } from "~/bff/clue-report.server";
import type { Page } from "~/bff/content.server";
import { ClueCard } from "~/components/dejin/clue-card";
import { LoadMoreLink } from "~/components/load-more-link";
import { useLoadMore } from "~/hooks/use-load-more";

type Props = {
  /** Pages 1..`pages` of the list, as the loader read them. */
  page: Page<Clue>;
  pages: number;
  now: string;
  pageUrl: (page: number) => string;
  /** This page showing pages 1..n (JavaScript off). */
  moreHref: (pages: number) => string;
  emptyText: string;
};

const keyOf = (clue: Clue) => clue.post_id;

export function ClueList({ page, pages, now, pageUrl, moreHref, emptyText }: Props) {
  const { items, hasMore, nextPage, loading, loadMore } = useLoadMore({ initial: page.list, total: page.total, pages, pageUrl, key: keyOf });
  if (items.length === 0) return <p className="empty">{emptyText}</p>;
  return (
    <>
      <ul className="clue-list">
        {items.map((clue, index) => (
          <ClueCard key={clue.post_id} clue={clue} now={now} eager={index === 0} />
        ))}
      </ul>
      {hasMore ? (
        <LoadMoreLink href={moreHref(nextPage)} loading={loading} onClick={loadMore} text="加载更多" />
      ) : (
        <p className="clue-list__end">没有更多了</p>
      )}
    </>
  );
}
