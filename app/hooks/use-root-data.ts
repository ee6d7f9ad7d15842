import { useRouteLoaderData } from "@remix-run/react";
import type { AppConfig, NavigationItem } from "~/bff/app-config.server";
import type { AppLaunchConfig } from "~/lib/app-launch";
import type { PageDevice } from "~/lib/device";
import type { Personal, Viewer } from "~/hooks/use-personal";
import type { ColorScheme } from "~/lib/color-scheme";
import type { LanguageChoice } from "~/lib/languages";
import { DEFAULT_THEME_COLOR, readableOnDark, readableOnWhite } from "~/lib/theme";

/**
 * What the root loader gives every page. Declared here rather than inferred from root.tsx, so that
 * components reading it never import the root module (root.tsx renders them: that would be a circle).
 */
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
    /** The navigation panel's link to this page in the other language (the same on every page of one). */
    languageChoice: LanguageChoice;
  };
  /** The theme colours as the root element's custom properties (lib/theme.ts themeVariables). */
  themeStyle: Record<string, string>;
  device: PageDevice;
  /** How "open the app" launches it (APP_* configuration). */
  appLaunch: AppLaunchConfig;
  /** The share of page views that measure their speed (RUM_SAMPLE_RATE): the same for every visitor. */
  rumSampleRate: number;
  /** Spec section 1: no banner inside our own client or on previews. */
  showBanner: boolean;
  /** The scheme the address asks for with the app's dark flag (`dark=1`, or `dark=0` for light), for pages read without JavaScript. */
  scheme?: ColorScheme;
  /** A draft's preview (lib/preview.ts): nothing on it asks to open the app. */
  preview: boolean;
  /**
   * Who is looking (login state, the session's CSRF token, a toast), read with useViewer. The CSRF token is "" for a
   * visitor without a session, whose page is shared (see app/visitor/csrf.server.ts).
   */
  viewer: Personal<Viewer>;
  /** The `lang` of the page's root element (app/lib/languages.ts htmlLangOf). */
  htmlLang: string;
};

/** Spec section 1: the banner's description when the site has none. */
export const BANNER_FALLBACK_DESCRIPTION = "打开APP，查看更多内容";

/**
 * The site's part of the root data from its configuration (null when the platform did not answer). Texts stay as the
 * site gave them, empty included: each place has its own fallback (spec section 1's banner says 打开APP，查看更多内容,
 * section 3's share card 打开APP，查看更多精彩内容).
 */
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
