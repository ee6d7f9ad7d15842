import { Router } from "express";
import { z } from "zod";
import type { PlatformContext } from "../context";
import { ErrorCode, PlatformError, handle } from "../envelope";
import { readStaticData } from "../static-data";
import { requireToken } from "../tokens";
import { parseInput } from "../validation";

/** Modules a client may read through /peony/v1/static-data; app_info has its own endpoint. */
const PUBLIC_MODULES = new Set(["h5_config", "app_download_url"]);

/**
 * As stored: navigation items name their groups, and an item opening a record (a list, content model, circle,
 * circle topic or law question) that record, by database id; the route encodes them.
 */
type StoredAppInfo = {
  primaryColor: string;
  navigationItems: (Record<string, unknown> & { category: string; binding: string | number; groups: number[] })[];
};

/** The navigation categories whose binding is a record's id (docs/platform-api.md, "Navigation items"). */
const RECORD_CATEGORIES = new Set(["list", "content_model", "circle", "circle_topic", "fazak"]);

const staticDataQuery = z.object({ moduleName: z.string({ required_error: "缺少参数 moduleName" }).min(1).max(64) });

export function appConfigRoutes(ctx: PlatformContext): Router {
  const router = Router();
  const token = requireToken(ctx);

  router.get(
    "/peony/v1/app/info",
    token,
    handle(() => {
      const stored = readStaticData(ctx, "app_info");
      if (!stored) throw new PlatformError(ErrorCode.notFound, "应用配置不存在");
      const { primaryColor, navigationItems } = JSON.parse(stored) as StoredAppInfo;
      const items = navigationItems.map((item) => ({
        ...item,
        binding: RECORD_CATEGORIES.has(item.category) ? ctx.ids.encode(Number(item.binding)) : item.binding,
        groups: item.groups.map((id) => ctx.ids.encode(id)),
      }));
      // The legacy client expects JSON text inside JSON text, twice over.
      return { app_info: JSON.stringify({ primaryColor, bottomNavigationBar: JSON.stringify({ navigationItems: items }) }) };
    }),
  );

  router.get(
    "/peony/v1/group",
    token,
    handle(() => {
      const rows = ctx.db.prepare("SELECT id, name FROM content_groups ORDER BY sort, id").all() as { id: number; name: string }[];
      return { list: rows.map((row) => ({ gid: ctx.ids.encode(row.id), name: row.name })) };
    }),
  );

  router.get(
    "/peony/v1/static-data",
    token,
    handle((req) => {
      const { moduleName } = parseInput(staticDataQuery, req.query);
      const value = PUBLIC_MODULES.has(moduleName) ? readStaticData(ctx, moduleName) : null;
      if (value === null) throw new PlatformError(ErrorCode.notFound, `配置 ${moduleName} 不存在`);
      return value;
    }),
  );

  return router;
}
