import { Router } from "express";
import type { PlatformContext } from "../context";
import { CONTENT_COLUMNS, CONTENT_FROM, LISTABLE, toContent, type ContentRow } from "../content-shapes";
import { ErrorCode, PlatformError, handle } from "../envelope";
import { requireToken } from "../tokens";
import { pageQuery, parseInput } from "../validation";

type DeckRow = { id: number; title: string; description: string; cover: string };
type CardRow = ContentRow & { headline: string; blurb: string };

const deckQuery = pageQuery(10);

/** Fly-card decks (docs/platform-api.md, "Fly cards"): each card is an editor's headline over a content item. */
export function flyCardRoutes(ctx: PlatformContext): Router {
  const router = Router();
  const token = requireToken(ctx);
  // Cards on content that is offline, deleted or scheduled drop out, as from every list.
  const cardsFrom = `${CONTENT_FROM} JOIN fly_cards f ON f.content_id = c.id WHERE f.deck_id = @deck AND ${LISTABLE}`;

  function cardCount(deck: number, now: string): number {
    return (ctx.db.prepare(`SELECT COUNT(*) AS total FROM ${cardsFrom}`).get({ deck, now }) as { total: number }).total;
  }

  const deckOf = (row: DeckRow) => ({
    list_id: ctx.ids.encode(row.id),
    title: row.title,
    description: row.description,
    cover: ctx.media(row.cover),
  });

  router.get(
    "/peony/v1/fly_card",
    token,
    handle((req) => {
      const { page, size } = parseInput(deckQuery, req.query);
      const now = ctx.now().toISOString();
      const rows = ctx.db.prepare("SELECT * FROM fly_card_decks ORDER BY id LIMIT ? OFFSET ?").all(size, (page - 1) * size) as DeckRow[];
      const { total } = ctx.db.prepare("SELECT COUNT(*) AS total FROM fly_card_decks").get() as { total: number };
      return { list: rows.map((row) => ({ ...deckOf(row), total: cardCount(row.id, now) })), total };
    }),
  );

  router.get(
    "/peony/v1/fly_card/:list_id",
    token,
    handle((req) => {
      const { page, size } = parseInput(deckQuery, req.query);
      const id = ctx.ids.decode(req.params.list_id);
      const deck = id === null ? undefined : (ctx.db.prepare("SELECT * FROM fly_card_decks WHERE id = ?").get(id) as DeckRow | undefined);
      if (!deck) throw new PlatformError(ErrorCode.notFound, "卡片集不存在");
      const now = ctx.now().toISOString();
      const offset = (page - 1) * size;
      const rows = ctx.db
        .prepare(`SELECT ${CONTENT_COLUMNS}, f.headline, f.blurb FROM ${cardsFrom} ORDER BY f.sort LIMIT @limit OFFSET @offset`)
        .all({ deck: deck.id, now, limit: size, offset }) as CardRow[];
      return {
        ...deckOf(deck),
        list: rows.map((row, i) => ({ index: offset + i + 1, headline: row.headline, blurb: row.blurb, content: toContent(ctx, row) })),
        total: cardCount(deck.id, now),
      };
    }),
  );

  return router;
}
