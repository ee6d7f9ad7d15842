import { z } from "zod";
import { detached, platformRequest, type Caller } from "~/bff/client.server";
import { listGroups, type Group } from "~/bff/content.server";
import { platformUrl } from "~/bff/platform-url.server";
import { cached } from "~/bff/shared-cache.server";
import { env } from "~/runtime/env.server";
import { itemTarget } from "~/lib/navigation-target";
import { DEFAULT_THEME_COLOR, readableOnDark, readableOnWhite } from "~/lib/theme";

const HEX_COLOR = /^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/;
/** A colour that lands in a style attribute: only a plain hex colour is accepted, anything else is dropped. */
const hexColor = z.string().regex(HEX_COLOR).optional().catch(undefined);
/** A colour for text on white: darkened where needed to 4.5:1 (WCAG AA), here once rather than in every page's JavaScript. */
const textColor = hexColor.transform((color) => color && readableOnWhite(color));

const navigationItem = z.object({
  id: z.union([z.string(), z.number()]).transform(String),
  title: z.string(),
  binding: z.union([z.string(), z.number()]).transform(String).optional().default(""),
  category: z.string().optional().default(""),
  isHome: z.boolean().optional().default(false),
  /** Group ids; their names come from the group list. */
  groups: z.array(z.string()).optional().default([]),
  /** The bottom bar's icon, normal and selected; '' when there is none. */
  icons: z.object({ normal: platformUrl, active: platformUrl }).partial().optional().catch(undefined),
  /** The bottom bar's label colours, normal and selected, readable on white. */
  label: z.object({ color: textColor, activeColor: textColor }).optional().catch(undefined),
});

/** A navigation module as app info sends it, with its groups named. */
export type NavigationModule = Omit<z.infer<typeof navigationItem>, "groups"> & { groups: Group[] };
/**
 * A navigation module as the bar and the panel show it: with where it leads on the site (`itemTarget`), null for an
 * app-only module. Resolved here, on the server, so the rule stays out of every page's JavaScript.
 */
export type NavigationItem = NavigationModule & { to: string | null };

/** A JSON string inside a JSON response (the platform nests several such). */
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
  /** The theme colour darkened to carry text (4.5:1 against white), for text and for buttons carrying text. */
  themeTextColor: string;
  /** The theme colour lightened to carry text in the dark scheme (4.5:1 on its backgrounds). */
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

/**
 * App info, site config and download address are the same for every visitor: fetched at most once per
 * APP_CONFIG_TTL_MS and shared by concurrent requests.
 */
export function getAppConfig(caller: Caller): Promise<AppConfig> {
  return cached(caller, "app-config", env.APP_CONFIG_TTL_MS, () => loadAppConfig(detached(caller)));
}
