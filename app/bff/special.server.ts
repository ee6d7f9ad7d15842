import { z } from "zod";
import { detached, platformRequest, type Caller } from "~/bff/client.server";
import { contentSchema, detailSchema, toCards, type Card, type ContentDetail } from "~/bff/content.server";
import { cached } from "~/bff/answers-cache.server";

/** Spec section 9: cards per section and sections per call. */
export const SPECIAL_PAGE_SIZE = 50;
export const SPECIAL_BATCH_SIZE = 50;

const SPECIAL_TTL_MS = 15_000;

export type SpecialSection = { section_id: string; name: string; total: number; cards: Card[] };
export type Special = { special: ContentDetail; sections: SpecialSection[]; total_sections: number };

const specialSchema = z.object({
  special: detailSchema,
  sections: z.array(z.object({ section_id: z.string(), name: z.string(), total: z.number().int().nonnegative(), list: z.array(contentSchema) })),
  total_sections: z.number().int().nonnegative(),
});

export function getSpecial(caller: Caller, specialId: string): Promise<Special> {
  return cached(caller, `special:${specialId}`, SPECIAL_TTL_MS, async () => {
    const data = await platformRequest(`/peony/v1/special/${encodeURIComponent(specialId)}`, detached(caller), {
      query: { pagesize: SPECIAL_PAGE_SIZE, batch_size: SPECIAL_BATCH_SIZE },
      schema: specialSchema,
    });
    return {
      special: data.special,
      sections: data.sections.map(({ list, ...section }) => ({ ...section, cards: toCards(list) })),
      total_sections: data.total_sections,
    };
  });
}
