import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { rethrowAsResponse } from "~/bff/client.server";
import { DECK_PAGE_SIZE, getDeck } from "~/bff/fly-cards.server";
import { coverHero, heroPreload } from "~/components/content/hero-picture";
import { FlyCardView, flyCardPath } from "~/components/pages/fly-card";
import { pageRequest } from "~/route-support/page-request.server";
import { ids } from "~/bff/ids.server";
import { isIndexSegment } from "~/lib/index-segment";
import { pageShareMeta, siteOf } from "~/lib/page-share-meta";

export { RouteErrorBoundary as ErrorBoundary } from "~/components/error-page";
export { links } from "~/components/pages/stylesheet";

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const listId = params.listId ?? "";
  if (!isIndexSegment(params.index) || ids.decode(listId) === null) throw data(null, { status: 404 });
  const { caller, canonical } = await pageRequest(request, context);
  const deck = await getDeck(caller, listId, 1, DECK_PAGE_SIZE).catch(rethrowAsResponse);
  // The first card's cover heads the deck: its largest picture. Built here, to keep the builder out of the browser.
  const first = deck.list[0];
  return { deck, canonical, preload: heroPreload(first ? coverHero(first.card) : null) };
}

export const meta: MetaFunction<typeof loader> = ({ data: page, matches }) =>
  page
    ? [
        ...pageShareMeta({
          title: page.deck.title,
          description: page.deck.description,
          image: page.deck.cover || (page.deck.list[0]?.card.cover ?? ""),
          canonical: page.canonical,
          site: siteOf(matches),
        }),
        ...page.preload,
      ]
    : [{ title: "卡片集不存在" }];

/**
 * /fly_card/{list_id}/index: a deck of fly cards, swiped sideways (CSS scroll snapping, no script). The numbers
 * under it are links to each card's anchor, so they move the deck without JavaScript too; each card opens its
 * content, and its number in the list below leads to the card's own page.
 */
export default function FlyCardDeck() {
  const { deck } = useLoaderData<typeof loader>();
  const track = useRef<HTMLOListElement>(null);
  // The card in view, as its dot shows it; with JavaScript it follows the swipes, without it stays on the first.
  const [current, setCurrent] = useState(1);
  useEffect(() => {
    const root = track.current;
    if (!root || !("IntersectionObserver" in window)) return;
    const observer = new IntersectionObserver(
      (entries) => {
        for (const entry of entries) if (entry.isIntersecting) setCurrent(Number((entry.target as HTMLElement).dataset.index));
      },
      { root, threshold: 0.6 },
    );
    for (const slot of root.children) observer.observe(slot);
    return () => observer.disconnect();
  }, [deck]);
  return (
    <main className="fly-deck">
      <header className="list-page__head">
        <h1 className="list-page__title">{deck.title}</h1>
        {deck.description ? <p className="list-page__desc">{deck.description}</p> : null}
      </header>
      {deck.list.length === 0 ? (
        <div className="empty">
          <p>卡片即将上线，过段时间再来看看吧</p>
          <Link className="button button--ghost" to="/fly_card/index">
            看看别的卡片
          </Link>
        </div>
      ) : (
        <>
          <ol ref={track} className="fly-deck__cards" aria-label="卡片，左右滑动切换">
            {deck.list.map((card) => (
              <li key={card.index} id={`card-${card.index}`} className="fly-deck__slot" data-index={card.index}>
                <FlyCardView card={card} total={deck.total} />
              </li>
            ))}
          </ol>
          <nav className="fly-deck__pager" aria-label="跳到卡片">
            {deck.list.map((card) => (
              <a
                key={card.index}
                className="fly-deck__dot"
                href={`#card-${card.index}`}
                aria-label={`第${card.index}张：${card.headline}`}
                aria-current={card.index === current ? "true" : undefined}
              />
            ))}
          </nav>
          <section className="section fly-deck__index" aria-labelledby="deck-index">
            <h2 id="deck-index" className="section__title">
              全部卡片
            </h2>
            <ol className="fly-deck__list">
              {deck.list.map((card) => (
                <li key={card.index}>
                  <Link to={flyCardPath(deck.list_id, card.index)}>
                    <span className="fly-deck__list-index">{card.index}</span>
                    {card.headline}
                  </Link>
                </li>
              ))}
            </ol>
          </section>
        </>
      )}
    </main>
  );
}
