import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { rethrowAsResponse } from "~/bff/client.server";
import { LIST_PAGE_SIZE } from "~/bff/content.server";
import { listDecks } from "~/bff/fly-cards.server";
import { LoadMoreLink } from "~/components/load-more-link";
import { pageRequest } from "~/route-support/page-request.server";
import { isIndexSegment } from "~/lib/index-segment";
import { pageShareMeta, siteOf } from "~/lib/page-share-meta";
import { collectPages } from "~/lib/pages";

export { RouteErrorBoundary as ErrorBoundary } from "~/components/error-page";
export { links } from "~/components/pages/stylesheet";

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  if (!isIndexSegment(params.index)) throw data(null, { status: 404 });
  const { caller, canonical, pages } = await pageRequest(request, context);
  const decks = await collectPages(pages, (page) => listDecks(caller, page)).catch(rethrowAsResponse);
  return { decks, pages, pageSize: LIST_PAGE_SIZE, canonical };
}

export const meta: MetaFunction<typeof loader> = ({ data: page, matches }) =>
  pageShareMeta({
    title: "卡片",
    description: "一张卡片一件事，划一划就看完。",
    image: page?.decks.list[0]?.cover ?? "",
    canonical: page?.canonical ?? "",
    site: siteOf(matches),
  });

/** /fly_card/index: the fly-card decks. */
export default function FlyCardDecks() {
  const { decks, pages, pageSize } = useLoaderData<typeof loader>();
  return (
    <main className="fly-decks">
      <h1 className="list-page__head list-page__title">卡片</h1>
      {decks.list.length === 0 ? (
        <p className="empty">暂时没有卡片，过几天再来看看吧</p>
      ) : (
        <ul className="deck-list">
          {decks.list.map((deck) => (
            <li key={deck.list_id} className="deck-list__item">
              <Link className="deck-list__link" to={`/fly_card/${deck.list_id}/index`}>
                {deck.cover ? <img className="deck-list__cover" src={deck.cover} alt="" width={112} height={74} loading="lazy" /> : null}
                <span className="deck-list__text">
                  <strong className="deck-list__title">{deck.title}</strong>
                  <span className="deck-list__desc">{deck.description}</span>
                  <span className="deck-list__meta">{deck.total > 0 ? `${deck.total}张卡片` : "即将上线"}</span>
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
      {pages * pageSize < decks.total ? <LoadMoreLink href={`?page=${pages + 1}`} text="加载更多" /> : null}
    </main>
  );
}
