import { useRouteLoaderData } from "@remix-run/react";
import type { AppConfig, NavigationItem } from "~/bff/app-config.server";
import type { AppLaunchConfig } from "~/lib/app-launch";
import type { PageDevice } from "~/lib/device";
import type { Personal, Viewer } from "~/hooks/use-personal";
import type { ColorScheme } from "~/lib/color-scheme";
import type { LanguageChoice } from "~/lib/languages";
import { DEFAULT_THEME_COLOR, readableOnDark, readableOnWhite } from "~/lib/theme";

/** Declared here, not inferred from root.tsx: components reading it would import root.tsx, which renders them (a circle). */
export type RootData = {
  site: {
    name: string;
    description: string;
    logo: string;
    downloadUrl: string;
    themeColor: string;
    themeTextColor: string;
    themeDarkTextColor: string;
    navigation: NavigationItem[];
    languageChoice: LanguageChoice;
  };
  themeStyle: Record<string, string>;
  device: PageDevice;
  appLaunch: AppLaunchConfig;
  /** The same for every visitor. */
  rumSampleRate: number;
  /** DEBUG_CONSOLE: pages load vConsole after hydration. */
  debugConsole: boolean;
  /** Spec section 1: no banner inside our own client or on previews. */
  showBanner: boolean;
  scheme?: ColorScheme;
  preview: boolean;
  /** The CSRF token is "" for a visitor without a session, whose page is the stored one (app/visitor/csrf.server.ts). */
  viewer: Personal<Viewer>;
  htmlLang: string;
};

/** Spec section 1: the banner's description when the site has none. */
export const BANNER_FALLBACK_DESCRIPTION = "打开APP，查看更多内容";

/** Texts stay as the site gave them, empty included: each place has its own fallback (spec sections 1 and 3). */
export function rootSite(config: AppConfig | null): Omit<RootData["site"], "languageChoice"> {
  return {
    name: config?.siteName ?? "",
    description: config?.siteDescription ?? "",
    logo: config?.siteLogo ?? "",
    downloadUrl: config?.downloadUrl ?? "",
    themeColor: config?.themeColor ?? DEFAULT_THEME_COLOR,
    themeTextColor: config?.themeTextColor ?? readableOnWhite(DEFAULT_THEME_COLOR),
    themeDarkTextColor: config?.themeDarkTextColor ?? readableOnDark(DEFAULT_THEME_COLOR),
    navigation: config?.navigation ?? [],
  };
}

export function useRootData(): RootData | undefined {
  return useRouteLoaderData<RootData>("root");
}
