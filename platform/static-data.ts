import type { PlatformContext } from "./context";

/** The stored JSON text of a static-data module, with media references resolved; null when there is none. */
export function readStaticData(ctx: PlatformContext, moduleName: string): string | null {
  const row = ctx.db.prepare("SELECT value FROM static_data WHERE module_name = ?").get(moduleName) as { value: string } | undefined;
  return row ? ctx.media(row.value) : null;
}

/** The site name from h5_config; also the signature of the SMS messages. */
export function readSiteName(ctx: PlatformContext): string {
  const config = readStaticData(ctx, "h5_config");
  const siteName: unknown = config ? JSON.parse(config).site_name : undefined;
  return typeof siteName === "string" ? siteName : "";
}
