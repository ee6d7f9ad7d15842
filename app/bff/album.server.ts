import { z } from "zod";
import { detached, platformRequest, type Caller } from "~/bff/client.server";
import { mediaOf, playableContentSchema, toCard, type AudioMedia, type Card, type Page, type VideoMedia } from "~/bff/content.server";
import { cached } from "~/bff/answers-cache.server";

/** Spec section 9 (video albums page the same way). */
export const ALBUM_PAGE_SIZE = 30;

// Episodes are added now and then; a short reuse keeps an album page cheap without hiding a new one for long.
const ITEMS_TTL_MS = 15_000;

export type AlbumItem = Card & { duration_str: string; media: VideoMedia | AudioMedia | null };

export function listAlbumItems(caller: Caller, albumId: string, page: number): Promise<Page<AlbumItem>> {
  return cached(caller, `album:${albumId}:${page}`, ITEMS_TTL_MS, async () => {
    const data = await platformRequest(`/peony/v1/content/${encodeURIComponent(albumId)}/items`, detached(caller), {
      query: { page, size: ALBUM_PAGE_SIZE },
      schema: z.object({ list: z.array(playableContentSchema), total: z.number().int().nonnegative() }),
    });
    return {
      list: data.list.map((item) => ({ ...toCard(item), duration_str: item.duration_str, media: mediaOf(item) })),
      total: data.total,
    };
  });
}
