import { useEffect, useRef, useState, type MouseEvent } from "react";
import { useJsonPage } from "~/hooks/use-json-page";

export type PageData<T> = { list: T[]; total: number; now: string };

type Options<T> = {
  /** Pages 1..`pages`, rendered by the server. */
  initial: T[];
  total: number;
  pages: number;
  pageUrl: (page: number) => string;
  key: (item: T) => string;
  /** Give it for lists the list filter may shorten: more pages then exist while the pages loaded hold fewer than `total`. */
  pageSize?: number;
};

/** Without JavaScript the link reloads the page with one more page (read from the query); with it, the next page is appended. */
export function useLoadMore<T>({ initial, total, pages, pageUrl, key, pageSize }: Options<T>) {
  const pageRequest = useJsonPage<PageData<T>>();
  const [items, setItems] = useState(initial);
  const [page, setPage] = useState(pages);
  const appended = useRef<unknown>(null);

  useEffect(() => {
    setItems(initial);
    setPage(pages);
  }, [initial, pages]);

  useEffect(() => {
    const data = pageRequest.data;
    if (!data || appended.current === data) return;
    appended.current = data;
    setItems((current) => {
      const seen = new Set(current.map(key));
      return [...current, ...data.list.filter((item) => !seen.has(key(item)))];
    });
    setPage((current) => current + 1);
  }, [pageRequest.data, key]);

  const hasMore = pageSize ? page * pageSize < total : items.length < total;
  function loadMore(event: MouseEvent) {
    event.preventDefault();
    if (!pageRequest.loading) void pageRequest.load(pageUrl(page + 1));
  }
  return { items, hasMore, nextPage: page + 1, loading: pageRequest.loading, loadMore };
}
