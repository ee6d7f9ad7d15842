import { lazy, Suspense, useEffect, useState, type ComponentType, type MouseEvent, type ReactNode } from "react";
import { useAppOpenParams, useItemFlags } from "~/hooks/use-app-open";
import { useRootData } from "~/hooks/use-root-data";
import type { LaunchTipsProps } from "~/components/launch-tips";
import type { LaunchGuide } from "~/lib/app-launch";
import { appOpenHref, type AppOpenParams } from "~/lib/app-open";

type Launcher = typeof import("~/client/app-launcher");

/** Only a browser that cannot open apps shows the tips; a failed load shows nothing rather than the route's error page. */
const LaunchTips = lazy(() =>
  import("~/components/launch-tips").then(
    (module) => ({ default: module.LaunchTips }),
    (): { default: ComponentType<LaunchTipsProps> } => ({ default: () => null }),
  ),
);

let launcher: Promise<Launcher> | null = null;
let loaded: Launcher | null = null;

/** The launcher and its statistics load once, when the page is idle, so a tap finds them ready; a failed load is tried again. */
function loadLauncher(): Promise<Launcher> {
  launcher ??= import("~/client/app-launcher").then(
    (module) => (loaded = module),
    (error: unknown) => {
      launcher = null;
      throw error;
    },
  );
  return launcher;
}

type Props = {
  className?: string;
  params?: AppOpenParams | null;
  children: ReactNode;
};

/**
 * Without JavaScript a link to the download address; with it, the launch app/client/app-launcher.ts plans for this browser.
 * In iOS WeChat the open tag lies over it: a tap that reaches it means the tag could not launch.
 */
export function OpenAppLink({ className, params, children }: Props) {
  const root = useRootData();
  const pageParams = useAppOpenParams();
  const appParams = params === undefined ? pageParams : params;
  // The item's own app address (app_url) is where opening the app goes for the page's item, not for other params.
  const { appUrl } = useItemFlags();
  const itemAppUrl = params === undefined ? appUrl : "";
  const [guide, setGuide] = useState<LaunchGuide["browser"] | null>(null);

  useEffect(() => {
    const preload = () => void loadLauncher().catch(() => undefined);
    if (typeof window.requestIdleCallback === "function") {
      const handle = window.requestIdleCallback(preload, { timeout: 3000 });
      return () => window.cancelIdleCallback(handle);
    }
    const handle = window.setTimeout(preload, 1500);
    return () => window.clearTimeout(handle);
  }, []);

  // Without JavaScript only an https app_url can be followed; an app scheme is for the launcher to try.
  const href = itemAppUrl.startsWith("https:") ? itemAppUrl : appOpenHref(root?.site.downloadUrl ?? "", appParams);

  function onClick(event: MouseEvent<HTMLAnchorElement>) {
    if (!root) return;
    event.preventDefault();
    const open = (module: Launcher) => module.openApp(root, appParams, setGuide, itemAppUrl);
    if (loaded) open(loaded);
    // Not loaded yet (a very early tap): the tap's user activation outlasts a small chunk's load. Without the
    // launcher (offline) the link does what it does without JavaScript.
    else loadLauncher().then(open, () => href !== "#" && window.location.assign(href));
  }

  return (
    <>
      <a className={className} href={href} onClick={onClick} rel="noopener">
        {children}
      </a>
      {guide ? (
        <Suspense fallback={null}>
          <LaunchTips browser={guide} onClose={() => setGuide(null)} />
        </Suspense>
      ) : null}
    </>
  );
}
