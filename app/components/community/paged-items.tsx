import type { ReactNode } from "react";
import { LoadMoreLink } from "~/components/load-more-link";
import { useLoadMore } from "~/hooks/use-load-more";

type Props<T> = {
  /** Pages 1..`pages` of the list, as the loader read them. */
  page: { list: T[]; total: number };
  pages: number;
  pageUrl: (page: number) => string;
  /** This page showing pages 1..n (JavaScript off). */
  moreHref: (pages: number) => string;
  keyOf: (item: T) => string;
  render: (item: T, index: number) => ReactNode;
  className: string;
  label: string;
  emptyText: string;
};

export function PagedItems<T>({ page, pages, pageUrl, moreHref, keyOf, render, className, label, emptyText }: Props<T>) {
  const { items, hasMore, nextPage, loading, loadMore } = useLoadMore({ initial: page.list, total: page.total, pages, pageUrl, key: keyOf });
  if (items.length === 0) return <p className="empty">{emptyText}</p>;
  return (
    <>
      <ul className={className} aria-label={label}>
        {items.map(render)}
      </ul>
      {hasMore ? (
        <LoadMoreLink href={moreHref(nextPage)} loading={loading} onClick={loadMore} text="加载更多" />
      ) : (
        <p className="community-end">没有更多了</p>
      )}
    </>
  );
}
