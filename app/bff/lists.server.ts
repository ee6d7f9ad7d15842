import { z } from "zod";
import { detached, platformRequest, type Caller } from "~/bff/client.server";
import { LIST_PAGE_SIZE, contentSchema, toCards, type Card, type Page } from "~/bff/content.server";
import { cached } from "~/bff/answers-cache.server";
import { ids } from "~/bff/ids.server";
import { collectPages } from "~/lib/pages";

// The same for every visitor; editors expect a change to show within seconds.
const LIST_TTL_MS = 15_000;

export type TitledList = Page<Card> & { title: string; description: string };

const listSchema = z.object({
  title: z.string(),
  description: z.string().default(""),
  list: z.array(contentSchema),
  total: z.number().int().nonnegative(),
});

export function getList(caller: Caller, listId: string, page: number): Promise<TitledList> {
  return cached(caller, `list:${listId}:${page}`, LIST_TTL_MS, async () => {
    const data = await platformRequest(`/peony/v1/list/${encodeURIComponent(listId)}`, detached(caller), {
      query: { page, size: LIST_PAGE_SIZE },
      schema: listSchema,
    });
    return { title: data.title, description: data.description, list: toCards(data.list), total: data.total };
  });
}

export async function collectTitledPages<T extends TitledList>(pages: number, fetchPage: (page: number) => Promise<T>) {
  const [head, cards] = await Promise.all([fetchPage(1), collectPages(pages, fetchPage)]);
  return { head, cards: { ...cards, pages, pageSize: LIST_PAGE_SIZE } };
}

export type ContentModel = TitledList & { groups: { gid: string; name: string }[]; group: string };

const modelSchema = listSchema.extend({
  groups: z.array(z.object({ gid: z.string(), name: z.string() })).default([]),
  group: z.string().default(""),
});

export function getContentModel(caller: Caller, query: { id: string; group?: string; page: number }): Promise<ContentModel> {
  return cached(caller, `content_model:${query.id}:${query.group ?? ""}:${query.page}`, LIST_TTL_MS, async () => {
    const data = await platformRequest("/peony/v1/content_model", detached(caller), {
      query: { id: query.id, group: query.group, page: query.page, size: LIST_PAGE_SIZE },
      schema: modelSchema,
    });
    return { ...data, list: toCards(data.list) };
  });
}

export function contentModelQuery(url: URL): { id: string; group: string | undefined } | null {
  const id = url.searchParams.get("id") ?? "";
  const group = url.searchParams.get("group") || undefined;
  if (ids.decode(id) === null || (group !== undefined && ids.decode(group) === null)) return null;
  return { id, group };
}
