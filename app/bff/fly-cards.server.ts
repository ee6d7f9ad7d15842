import { z } from "zod";
import { detached, platformRequest, type Caller } from "~/bff/client.server";
import { LIST_PAGE_SIZE, contentSchema, toCard, type Card, type Page } from "~/bff/content.server";
import { platformUrl } from "~/bff/platform-url.server";
import { cached } from "~/bff/answers-cache.server";
import { filterListItems } from "~/lib/list-filter";

const DECK_TTL_MS = 15_000;
/** The platform's largest page. */
export const DECK_PAGE_SIZE = 50;

const deckHead = {
  list_id: z.string(),
  title: z.string(),
  description: z.string().default(""),
  cover: platformUrl,
};

const deckSchema = z.object({
  ...deckHead,
  list: z.array(z.object({ index: z.number().int().positive(), headline: z.string(), blurb: z.string().default(""), content: contentSchema })),
  total: z.number().int().nonnegative(),
});

export type FlyCard = { index: number; headline: string; blurb: string; card: Card };
export type Deck = { list_id: string; title: string; description: string; cover: string; list: FlyCard[]; total: number };
export type DeckSummary = Omit<Deck, "list">;

export function getDeck(caller: Caller, listId: string, page: number, size: number): Promise<Deck> {
  return cached(caller, `fly_card:${listId}:${page}:${size}`, DECK_TTL_MS, async () => {
    const data = await platformRequest(`/peony/v1/fly_card/${encodeURIComponent(listId)}`, detached(caller), {
      query: { page, size },
      schema: deckSchema,
    });
    const kept = new Set(filterListItems(data.list.map((item) => item.content)));
    const list = data.list
      .filter((item) => kept.has(item.content))
      .map(({ index, headline, blurb, content }) => ({ index, headline, blurb, card: toCard(content) }));
    return { ...data, list };
  });
}

export function listDecks(caller: Caller, page: number): Promise<Page<DeckSummary>> {
  return cached(caller, `fly_cards:${page}`, DECK_TTL_MS, () =>
    platformRequest("/peony/v1/fly_card", detached(caller), {
      query: { page, size: LIST_PAGE_SIZE },
      schema: z.object({ list: z.array(z.object({ ...deckHead, total: z.number().int().nonnegative() })), total: z.number().int().nonnegative() }),
    }),
  );
}
