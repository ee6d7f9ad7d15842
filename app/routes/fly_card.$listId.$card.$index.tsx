import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { rethrowAsResponse } from "~/bff/client.server";
import { getDeck } from "~/bff/fly-cards.server";
import { coverHero, heroPreload } from "~/components/content/hero-picture";
import { FlyCardView, flyCardPath } from "~/components/pages/fly-card";
import { pageRequest } from "~/route-support/page-request.server";
import { ids } from "~/bff/ids.server";
import { isIndexSegment } from "~/lib/index-segment";
import { pageShareMeta, siteOf } from "~/lib/page-share-meta";

export { RouteErrorBoundary as ErrorBoundary } from "~/components/error-page";
export { links } from "~/components/pages/stylesheet";

/** The card number of the URL: a whole number from 1 (no leading zero), else null. */
function cardNumber(value: string | undefined): number | null {
  return value && /^[1-9]\d{0,3}$/.test(value) ? Number(value) : null;
}

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const listId = params.listId ?? "";
  const index = cardNumber(params.card);
  if (!isIndexSegment(params.index) || ids.decode(listId) === null || index === null) throw data(null, { status: 404 });
  const { caller, canonical } = await pageRequest(request, context);
  // A page of one card is the card at that position.
  const deck = await getDeck(caller, listId, index, 1).catch(rethrowAsResponse);
  const card = deck.list[0];
  if (!card) throw data(null, { status: 404 });
  // The card's cover heads the page: its largest picture. Built here, to keep the builder out of the browser.
  return { deck: { list_id: deck.list_id, title: deck.title, total: deck.total }, card, canonical, preload: heroPreload(coverHero(card.card)) };
}

export const meta: MetaFunction<typeof loader> = ({ data: page, matches }) =>
  page
    ? [
        ...pageShareMeta({
          title: `${page.card.headline}｜${page.deck.title}`,
          description: page.card.blurb || page.card.card.title,
          image: page.card.card.cover,
          canonical: page.canonical,
          site: siteOf(matches),
        }),
        ...page.preload,
      ]
    : [{ title: "卡片不存在" }];

/** /fly_card/{list_id}/{n}/index: one card of a deck on its own page, to share it, with the cards before and after. */
export default function FlyCardPage() {
  const { deck, card } = useLoaderData<typeof loader>();
  return (
    <main className="fly-deck fly-deck--single">
      <p className="fly-deck__back">
        <Link to={`/fly_card/${deck.list_id}/index`}>{deck.title}</Link>
      </p>
      <FlyCardView card={card} total={deck.total} titleTag="h1" />
      <nav className="fly-deck__steps" aria-label="上一张和下一张">
        {card.index > 1 ? (
          <Link className="button button--ghost" to={flyCardPath(deck.list_id, card.index - 1)} rel="prev">
            上一张
          </Link>
        ) : (
          <span />
        )}
        {card.index < deck.total ? (
          <Link className="button button--ghost" to={flyCardPath(deck.list_id, card.index + 1)} rel="next">
            下一张
          </Link>
        ) : null}
      </nav>
    </main>
  );
}
