import { Router } from "express";
import { z } from "zod";
import { KEYWORD_TOO_LONG, MAX_KEYWORD_LENGTH, searchTerms } from "../../app/lib/search-keyword";
import type { PlatformContext } from "../context";
import { handle } from "../envelope";
import { listablePage } from "../listable-page";
import { requireToken } from "../tokens";
import { intQuery, pageQuery, parseInput } from "../validation";

const hotWordsQuery = z.object({ size: intQuery(10, 1, 20) });
const searchQuery = pageQuery(10).extend({
  keyword: z
    .string({ required_error: "请输入搜索关键词", invalid_type_error: "参数 keyword 格式错误" })
    .trim()
    .min(1, "请输入搜索关键词")
    // Characters, not UTF-16 units, as the site counts them.
    .refine((keyword) => [...keyword].length <= MAX_KEYWORD_LENGTH, KEYWORD_TOO_LONG),
});

/** A LIKE pattern matching `term` anywhere, with LIKE's own wildcards (and the escape character) taken literally. */
export function containsPattern(term: string): string {
  return `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * Hot words and search over the titles and summaries of listable content. Substring matching (LIKE), not FTS5:
 * Chinese has no spaces between words, so a word tokenizer sees whole phrases and trigram needs 3 characters,
 * while most Chinese search words have two.
 */
export function searchRoutes(ctx: PlatformContext): Router {
  const router = Router();
  const token = requireToken(ctx);

  router.get(
    "/peony/v1/search/hot-words",
    token,
    handle((req) => {
      const query = parseInput(hotWordsQuery, req.query);
      const rows = ctx.db.prepare("SELECT word, heat, label FROM hot_words ORDER BY sort LIMIT ?").all(query.size);
      return { list: rows as { word: string; heat: number; label: string }[] };
    }),
  );

  router.get(
    "/peony/v1/search",
    token,
    handle((req) => {
      const query = parseInput(searchQuery, req.query);
      const terms = searchTerms(query.keyword);
      const params = Object.fromEntries(terms.map((term, i) => [`t${i}`, containsPattern(term)]));
      const inTitle = (i: number) => `c.title LIKE @t${i} ESCAPE '\\'`;
      // Every word must match, in the title or the summary; more words in the title rank higher.
      const where = terms.map((_, i) => `(${inTitle(i)} OR c.summary LIKE @t${i} ESCAPE '\\')`).join(" AND ");
      const titleHits = terms.map((_, i) => `(${inTitle(i)})`).join(" + ");
      const page = listablePage(ctx, { where, order: `${titleHits} DESC, c.publish_at DESC, c.id DESC`, params }, query.page, query.size);
      return { keyword: query.keyword, ...page };
    }),
  );

  return router;
}
