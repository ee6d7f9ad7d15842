import type { LinksFunction, LoaderFunctionArgs } from "@remix-run/node";
import { Links, Meta, Outlet, ScrollRestoration, useLocation, useMatches } from "@remix-run/react";
import { type ReactNode, useEffect, useRef } from "react";
import { getAppConfig, type AppConfig } from "~/bff/app-config.server";
import { isOutage, sidePart } from "~/bff/client.server";
import { installChunkReloadGuard } from "~/client/chunk-reload";
import { installErrorReports } from "~/client/error-reports";
import { reportPageView } from "~/client/page-views";
import { AppOpenDialog } from "~/components/app-open-dialog";
import { useNonce } from "~/components/nonce";
import { HERO_PRELOAD_SELECTOR } from "~/components/content/hero-picture";
import { chunkedComponent, preloadChunk } from "~/components/preloaded-chunks";
import { IconSprite } from "~/components/icon";
import { ScriptsAfterHero } from "~/framework/scripts-after-hero";
import { markPageHydrated } from "~/components/shared-markup";
import { env } from "~/runtime/env.server";
import { LoginSheet } from "~/components/login-sheet";
import { OpenAppBanner } from "~/components/open-app-banner";
import { PersonalSlot } from "~/components/personal-slot";
import { ToastHost } from "~/components/toast";
import { useItemFlags } from "~/hooks/use-app-open";
import { useViewer, type Viewer } from "~/hooks/use-personal";
import { rootSite, useRootData, type RootData } from "~/hooks/use-root-data";
import { useMiniProgramMode, useWeChatPages } from "~/hooks/use-wechat";
import { htmlLangOf, languageChoice, languageOfPath } from "~/lib/languages";
import { pageChrome } from "~/lib/mini-program";
import { showsBottomBar } from "~/lib/navigation-modules";
import { isPreviewRequest } from "~/lib/preview";
import { DARK_THEME_COLOR, schemeOfQuery, themeColorMedia, VISIT_SCHEME_SCRIPT } from "~/lib/color-scheme";
import { DEFAULT_THEME_COLOR, themeVariables } from "~/lib/theme";
import { needsTimestamp, withTimestamp } from "~/lib/timestamp-param";
import { pageDeviceOf } from "~/render/page-device.server";
import { personalPart, personalPartKind } from "~/render/personal.server";
import appCss from "~/styles/app.css?url";
import { logger } from "~/runtime/logger.server";

// The bottom bar loads only on the pages that show it (the home page and the pages its items bind).
const BottomNavigation = chunkedComponent("bottom-navigation");

// Only a mini program's web-view shows it; everywhere else it stays out of the page's JavaScript. WeChat's answer
// turns it on only once its chunk is in (client/wechat.ts).
const MiniProgramChrome = chunkedComponent("mini-program-chrome");
const loadMiniProgramChrome = () => preloadChunk("mini-program-chrome");

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: appCss },
  { rel: "icon", href: `${import.meta.env.BASE_URL}favicon.svg`, type: "image/svg+xml" },
];

const viewerPart = personalPartKind(async (context): Promise<Viewer> => {
  const visitor = await context.visitor.read();
  return { user: visitor.user, csrfToken: visitor.csrfToken, toast: await context.visitor.takeToast() };
});

/** The root's only personal part is the viewer: pages of routes that say the same are made personal from stored ones. */
export const handle = { personalized: true };

export async function loader({ request, context }: LoaderFunctionArgs): Promise<RootData> {
  const viewer = personalPart(context, viewerPart, null);
  let config: AppConfig | null = null;
  try {
    // The page has fallbacks for all of it, so it does not wait on the platform as long as the main content.
    config = await getAppConfig(sidePart(await context.caller()));
  } catch (error) {
    // The page can still render with the spec's fallbacks; only a real outage is worth a log line.
    if (isOutage(error)) logger.warn(`app config unavailable: ${(error as Error).message}`);
  }
  const device = pageDeviceOf(context.userAgent);
  const url = new URL(request.url);
  const preview = isPreviewRequest(url.pathname, url.search);
  const language = languageOfPath(url.pathname);
  // The panel's language choice is the page's own; app/lib/languages.ts stays out of the shell's imports.
  const site = { ...rootSite(config), languageChoice: languageChoice(language) };
  return {
    site,
    themeStyle: themeVariables(site),
    device,
    appLaunch: env.appLaunch,
    rumSampleRate: env.RUM_SAMPLE_RATE,
    debugConsole: env.DEBUG_CONSOLE,
    // Spec section 2: the header is also hidden on live pages (local_live) for non-mobile visitors.
    showBanner: !device.isOwnApp && !preview && (device.isMobile || !url.pathname.includes("/local_live/")),
    preview,
    scheme: schemeOfQuery(url.search),
    htmlLang: htmlLangOf(language),
    viewer: await viewer,
  };
}

// Low priority, so not render-blocking; they start once the hero picture is in (ScriptsAfterHero).
// React 18 has no fetchPriority prop: the attribute goes in its HTML spelling.
const SCRIPT_FETCH_PRIORITY: Record<string, string> = { fetchpriority: "low" };

// Behaviours that wait for the page load after hydration, out of every page's first-load JavaScript.
const backgroundTasks = () => import("~/client/background-tasks");

type Behaviours = { device: RootData["device"] | undefined; rumSampleRate: number; debugConsole: boolean };

function ClientBehaviours({ device, rumSampleRate, debugConsole }: Behaviours) {
  const location = useLocation();
  // The first page's item decides where a desktop visitor goes (the check runs once, after start-up).
  const desktop = useRef(useItemFlags().desktop).current;
  useEffect(() => {
    // The root's effects run once the whole page has hydrated.
    markPageHydrated();
    installErrorReports();
    installChunkReloadGuard();
    backgroundTasks()
      .then((tasks) => {
        tasks.registerServiceWorkerAfterLoad();
        tasks.enablePageTransitions();
        tasks.measurePageSpeed(rumSampleRate);
        if (device) tasks.scheduleDesktopCheck(device, desktop);
      })
      .catch(() => undefined);
  }, [device, desktop, rumSampleRate]);
  useEffect(() => {
    // Spec section 4: only a page whose configuration asks for it ever fetches the console's chunk.
    if (!debugConsole) return;
    import("vconsole").then(({ default: VConsole }) => new VConsole()).catch(() => undefined);
  }, [debugConsole]);
  useEffect(() => {
    let stop: (() => void) | undefined;
    let left = false;
    backgroundTasks()
      .then((tasks) => {
        if (!left) stop = tasks.prefetchLinksOnIdle();
      })
      .catch(() => undefined);
    return () => {
      left = true;
      stop?.();
    };
  }, [location.pathname, location.search]);
  useEffect(() => {
    // Spec section 2: detail URLs carry _t; added in place, with no request and no new history entry.
    if (needsTimestamp(location.pathname, location.search)) {
      window.history.replaceState(window.history.state, "", withTimestamp(window.location.href, Date.now()));
    }
  }, [location.pathname, location.search]);
  useEffect(() => reportPageView({ pathname: location.pathname, search: location.search }), [location.pathname, location.search]);
  useWeChatPages(loadMiniProgramChrome);
  return null;
}

function ViewerToast() {
  return <ToastHost initial={useViewer().toast} />;
}

function AnonymousLoginSheet() {
  return useViewer().user ? null : <LoginSheet />;
}

export function Layout({ children }: { children: ReactNode }) {
  const data = useRootData();
  const nonce = useNonce();
  const site = data?.site;
  const bare = useMatches().some((match) => (match.handle as { bare?: boolean } | undefined)?.bare);
  const location = useLocation();
  const chrome = pageChrome(useMiniProgramMode());
  const itemFlags = useItemFlags();
  const lang = import.meta.env.SSR ? (data?.htmlLang ?? "zh-CN") : undefined;
  return (
    // Without root data (an error before it loaded) the stylesheet's own theme colours apply. The address's dark flag
    // is marked by the server only: in the browser the head script owns `data-scheme`, kept across navigations. The
    // language never changes within a page's router (each has its basename), so `lang` is the server's too.
    <html style={data?.themeStyle} lang={lang} {...(import.meta.env.SSR && { "data-scheme": data?.scheme })}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover" />
        {/* Only the server writes these attributes and the script's text (hydration adopts them as sent), so none of it
            weighs on every page's JavaScript. The script applies the app's dark flag before the first paint. */}
        <meta
          {...(import.meta.env.SSR && {
            name: "theme-color",
            media: themeColorMedia("light", data?.scheme),
            content: site?.themeColor ?? DEFAULT_THEME_COLOR,
          })}
        />
        <meta {...(import.meta.env.SSR && { name: "theme-color", media: themeColorMedia("dark", data?.scheme), content: DARK_THEME_COLOR })} />
        <meta {...(import.meta.env.SSR && { name: "color-scheme", content: "light dark" })} />
        <script nonce={nonce} dangerouslySetInnerHTML={{ __html: import.meta.env.SSR ? VISIT_SCHEME_SCRIPT : "" }} />
        <meta name="format-detection" content="telephone=no" />
        <Meta />
        <Links />
      </head>
      <body>
        <IconSprite />
        {data?.showBanner && !bare && chrome.header ? <OpenAppBanner site={data.site} appOffered={itemFlags.appOffered} /> : null}
        {children}
        {/* The page's one app-open dialog: whatever on the page asks to open the app links to it (APP_OPEN_HASH). */}
        {data && !bare && !data.preview ? <AppOpenDialog /> : null}
        {data && !bare && showsBottomBar(data.site.navigation, location.pathname, location.search) ? (
          <BottomNavigation items={data.site.navigation} />
        ) : null}
        {data && !bare && chrome.footer ? <MiniProgramChrome site={data.site} /> : null}
        <PersonalSlot name="toast">
          <ViewerToast />
        </PersonalSlot>
        {data ? (
          <PersonalSlot name="login-sheet">
            <AnonymousLoginSheet />
          </PersonalSlot>
        ) : null}
        <ScrollRestoration nonce={nonce} />
        {/* Last in <body>, and the server's alone: see ScriptsAfterHero. */}
        {import.meta.env.SSR ? <ScriptsAfterHero nonce={nonce} hero={HERO_PRELOAD_SELECTOR} {...SCRIPT_FETCH_PRIORITY} /> : null}
      </body>
    </html>
  );
}

export default function App() {
  const data = useRootData();
  return (
    <>
      <ClientBehaviours device={data?.device} rumSampleRate={data?.rumSampleRate ?? 0} debugConsole={data?.debugConsole ?? false} />
      <Outlet />
    </>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/error-page";
