import { z } from "zod";
import { detached, platformRequest, type Caller } from "~/bff/client.server";
import { listGroups, type Group } from "~/bff/content.server";
import { platformUrl } from "~/bff/platform-url.server";
import { cached } from "~/bff/answers-cache.server";
import { env } from "~/runtime/env.server";
import { itemTarget } from "~/lib/navigation-target";
import { DEFAULT_THEME_COLOR, readableOnDark, readableOnWhite } from "~/lib/theme";

const HEX_COLOR = /^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/;
/** It lands in a style attribute, so only a plain hex colour is accepted. */
const hexColor = z.string().regex(HEX_COLOR).optional().catch(undefined);
/** WCAG AA, worked out here once rather than in every page's JavaScript. */
const textColor = hexColor.transform((color) => color && readableOnWhite(color));

const navigationItem = z.object({
  id: z.union([z.string(), z.number()]).transform(String),
  title: z.string(),
  binding: z.union([z.string(), z.number()]).transform(String).optional().default(""),
  category: z.string().optional().default(""),
  isHome: z.boolean().optional().default(false),
  groups: z.array(z.string()).optional().default([]),
  icons: z.object({ normal: platformUrl, active: platformUrl }).partial().optional().catch(undefined),
  label: z.object({ color: textColor, activeColor: textColor }).optional().catch(undefined),
});

export type NavigationModule = Omit<z.infer<typeof navigationItem>, "groups"> & { groups: Group[] };
/** Resolved on the server, so the rule stays out of every page's JavaScript. */
export type NavigationItem = NavigationModule & { to: string | null };

/** The platform nests several JSON strings inside its JSON. */
function jsonString<T extends z.ZodTypeAny>(inner: T) {
  return z.string().transform((text, ctx): z.infer<T> => {
    try {
      const parsed = inner.safeParse(JSON.parse(text));
      if (parsed.success) return parsed.data;
      ctx.addIssue({ code: "custom", message: parsed.error.issues[0]?.message ?? "invalid" });
    } catch {
      ctx.addIssue({ code: "custom", message: "not JSON" });
    }
    return z.NEVER;
  });
}

const appInfoSchema = z.object({
  app_info: jsonString(
    z.object({
      primaryColor: z.string().optional(),
      // Spec section 3: bottomNavigationBar is itself a JSON string.
      bottomNavigationBar: jsonString(z.object({ navigationItems: z.array(navigationItem).default([]) })).optional(),
    }),
  ),
});

const siteConfigSchema = jsonString(z.object({ site_name: z.string().default(""), descriptions: z.string().default(""), site_logo: platformUrl }));
const downloadSchema = jsonString(z.object({ url: platformUrl }));

export type AppConfig = {
  themeColor: string;
  themeTextColor: string;
  themeDarkTextColor: string;
  navigation: NavigationItem[];
  siteName: string;
  siteDescription: string;
  siteLogo: string;
  downloadUrl: string;
};

async function loadAppConfig(caller: Caller): Promise<AppConfig> {
  const [appInfo, site, download, groups] = await Promise.all([
    platformRequest("/peony/v1/app/info", caller, { schema: appInfoSchema }),
    platformRequest("/peony/v1/static-data", caller, { query: { moduleName: "h5_config" }, schema: siteConfigSchema }),
    platformRequest("/peony/v1/static-data", caller, { query: { moduleName: "app_download_url" }, schema: downloadSchema }),
    listGroups(caller),
  ]);
  const groupsById = new Map(groups.map((group) => [group.gid, group]));
  const color = appInfo.app_info.primaryColor;
  const themeColor = color && HEX_COLOR.test(color) ? color : DEFAULT_THEME_COLOR;
  return {
    themeColor,
    themeTextColor: readableOnWhite(themeColor),
    themeDarkTextColor: readableOnDark(themeColor),
    navigation: (appInfo.app_info.bottomNavigationBar?.navigationItems ?? []).map((item) => {
      const named = { ...item, groups: item.groups.flatMap((gid) => groupsById.get(gid) ?? []) };
      return { ...named, to: itemTarget(named) };
    }),
    siteName: site.site_name,
    siteDescription: site.descriptions,
    siteLogo: site.site_logo,
    downloadUrl: download.url,
  };
}

/** The same for every visitor, so fetched at most once per APP_CONFIG_TTL_MS and shared by concurrent requests. */
export function getAppConfig(caller: Caller): Promise<AppConfig> {
  return cached(caller, "app-config", env.APP_CONFIG_TTL_MS, () => loadAppConfig(detached(caller)));
}
