import { z } from "zod";
import { detached, platformRequest, type Caller } from "~/bff/client.server";
import { LIST_PAGE_SIZE, contentSchema, toCards, type Card, type Page } from "~/bff/content.server";
import { cached } from "~/bff/answers-cache.server";

const HOT_WORDS_TTL_MS = 60_000;
const HOT_WORD_RESULTS_TTL_MS = 10_000;
const HOT_WORDS_SHOWN = 10;

/** `word` as read (a zh-Hant page converts it), `keyword` as the platform searches it. */
export type HotWord = { word: string; keyword: string; heat: number; label: string };

const hotWordsSchema = z.object({
  list: z.array(
    z
      .object({ word: z.string().min(1), heat: z.number().catch(0), label: z.string().catch("") })
      .transform((hot): HotWord => ({ ...hot, keyword: hot.word })),
  ),
});

export async function getHotWords(caller: Caller): Promise<HotWord[]> {
  const data = await cached(caller, "search:hot-words", HOT_WORDS_TTL_MS, () =>
    platformRequest("/peony/v1/search/hot-words", detached(caller), { query: { size: HOT_WORDS_SHOWN }, schema: hotWordsSchema }),
  );
  return data.list;
}

const resultsSchema = z.object({ list: z.array(contentSchema), total: z.number().int().nonnegative() });

/** Only hot-word results are shared, so arbitrary keywords can neither fill the cache nor push out what everyone reads. */
export async function searchContent(caller: Caller, keyword: string, page: number): Promise<Page<Card>> {
  const load = async (as: Caller) => {
    const data = await platformRequest("/peony/v1/search", as, { query: { keyword, page, size: LIST_PAGE_SIZE }, schema: resultsSchema });
    return { list: toCards(data.list), total: data.total };
  };
  const hotWords = await getHotWords(caller).catch(() => []);
  if (!hotWords.some((w) => w.word === keyword)) return load(caller);
  return cached(caller, `search:${page}:${keyword}`, HOT_WORD_RESULTS_TTL_MS, () => load(detached(caller)));
}
