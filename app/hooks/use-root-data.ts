import { useRouteLoaderData } from "@remix-run/react";
import type { NavigationItem } from "~/bff/app-config.server";
import type { AppLaunchConfig } from "~/lib/app-launch";
import type { PageDevice } from "~/lib/device";
import type { Personal, Viewer } from "~/hooks/use-personal";

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
    navigation: NavigationItem[];
  };
  device: PageDevice;
  /** How "open the app" launches it (APP_* configuration). */
  appLaunch: AppLaunchConfig;
  /** Spec section 1: no banner inside our own client or on previews. */
  showBanner: boolean;
  /** A draft's preview (lib/preview.ts): nothing on it asks to open the app. */
  preview: boolean;
  /**
   * Who is looking (login state, the session's CSRF token, a toast), read with useViewer. The CSRF token is "" for a
   * visitor without a session, whose page is shared (see app/csrf.server.ts).
   */
  viewer: Personal<Viewer>;
};

export function useRootData(): RootData | undefined {
  return useRouteLoaderData<RootData>("root");
}
