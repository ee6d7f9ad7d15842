import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { PagedCardList, type CardPages } from "~/components/paged-card-list";

type Props = {
  title: string;
  description: string;
  cards: CardPages;
  pageUrl: (page: number) => string;
  now: string;
  emptyText: string;
  /** Shown between the heading and the list (a content model's group tabs). */
  children?: ReactNode;
};

export function TitledListPage({ title, description, cards, pageUrl, now, emptyText, children }: Props) {
  return (
    <main className="list-page">
      <header className="list-page__head">
        <h1 className="list-page__title">{title}</h1>
        {description ? <p className="list-page__desc">{description}</p> : null}
      </header>
      {children}
      <PagedCardList
        cards={cards}
        label="内容列表"
        pageUrl={pageUrl}
        now={now}
        empty={
          <div className="empty">
            <p>{emptyText}</p>
            <Link className="button button--ghost" to="/">
              去首页看看
            </Link>
          </div>
        }
      />
    </main>
  );
}
