import { Router } from "express";
import { z } from "zod";
import type { PlatformContext } from "../context";
import { ErrorCode, PlatformError, handle } from "../envelope";
import { listablePage } from "../listable-page";
import { requireToken } from "../tokens";
import { intQuery, optionalText, pageQuery, parseInput } from "../validation";

const listQuery = pageQuery(10);
const modelQuery = z.object({
  id: z.string({ required_error: "缺少参数 id" }).min(1, "缺少参数 id").max(64),
  group: optionalText(64),
  page: intQuery(1, 1, 100_000),
  size: intQuery(10, 1, 50),
});

type Titled = { id: number; title: string; description: string };

/** Curated lists and content models: titled content in an editor's order. */
export function listRoutes(ctx: PlatformContext): Router {
  const router = Router();
  const db = ctx.db;
  const token = requireToken(ctx);

  /** A record by its public id; code 404 with `message` when the id does not decode or nothing matches. */
  function find<T>(table: "content_lists" | "content_models", publicId: string, message: string): T {
    const id = ctx.ids.decode(publicId);
    const row = id === null ? undefined : db.prepare(`SELECT * FROM ${table} WHERE id = ?`).get(id);
    if (!row) throw new PlatformError(ErrorCode.notFound, message);
    return row as T;
  }

  router.get(
    "/peony/v1/list/:list_id",
    token,
    handle((req) => {
      const query = parseInput(listQuery, req.query);
      const list = find<Titled>("content_lists", req.params.list_id, "列表不存在");
      const items = listablePage(
        ctx,
        {
          where: "c.id IN (SELECT content_id FROM content_list_items WHERE list_id = @listId)",
          order: "(SELECT sort FROM content_list_items WHERE list_id = @listId AND content_id = c.id)",
          params: { listId: list.id },
        },
        query.page,
        query.size,
      );
      return { list_id: ctx.ids.encode(list.id), title: list.title, description: list.description, ...items };
    }),
  );

  router.get(
    "/peony/v1/content_model",
    token,
    handle((req) => {
      const query = parseInput(modelQuery, req.query);
      const model = find<Titled>("content_models", query.id, "内容模型不存在");
      const groups = db.prepare("SELECT id, name FROM content_model_groups WHERE model_id = ? ORDER BY sort").all(model.id) as {
        id: number;
        name: string;
      }[];
      const wanted = query.group === undefined ? null : ctx.ids.decode(query.group);
      const group = query.group === undefined ? groups[0] : groups.find((g) => g.id === wanted);
      if (query.group !== undefined && !group) throw new PlatformError(ErrorCode.notFound, "分组不存在");
      const items = group
        ? listablePage(
            ctx,
            {
              where: "c.id IN (SELECT content_id FROM content_model_items WHERE group_id = @groupId)",
              order: "(SELECT sort FROM content_model_items WHERE group_id = @groupId AND content_id = c.id)",
              params: { groupId: group.id },
            },
            query.page,
            query.size,
          )
        : { list: [], total: 0 };
      return {
        id: ctx.ids.encode(model.id),
        title: model.title,
        description: model.description,
        groups: groups.map((g) => ({ gid: ctx.ids.encode(g.id), name: g.name })),
        group: group ? ctx.ids.encode(group.id) : "",
        ...items,
      };
    }),
  );

  return router;
}
