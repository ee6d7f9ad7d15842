import { useRouteLoaderData } from "@remix-run/react";
import type { NavigationItem } from "~/bff/app-config.server";
import type { AppLaunchConfig } from "~/lib/app-launch";
import type { PageDevice } from "~/lib/device";
import type { Toast, Visitor } from "~/session.server";

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
    navigation: NavigationItem[];
  };
  device: PageDevice;
  /** How "open the app" launches it (APP_* configuration). */
  appLaunch: AppLaunchConfig;
  /** Spec section 1: no banner inside our own client or on previews. */
  showBanner: boolean;
  user: Visitor["user"];
  /** The session's CSRF token; "" for a visitor without a session, whose page is shared (see app/csrf.server.ts). */
  csrfToken: string;
  toast: Toast | null;
};

export function useRootData(): RootData | undefined {
  return useRouteLoaderData<RootData>("root");
}
