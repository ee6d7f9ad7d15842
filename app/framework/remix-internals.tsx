import type { EntryContext } from "@remix-run/node";
import type { Router } from "@remix-run/router";
import { UNSAFE_RemixContext } from "@remix-run/react";
import { useContext, type ReactNode } from "react";
import {
  UNSAFE_DataRouterContext,
  UNSAFE_DataRouterStateContext,
  UNSAFE_LocationContext,
  UNSAFE_NavigationContext,
  UNSAFE_RouteContext,
} from "react-router-dom";

/*
 * The fence: every use of what Remix 2 and React Router 6 do not promise publicly, one export per use.
 * remix-internals.test.ts fails, naming the export, when an upgrade breaks one (docs/decisions/0006-patches-and-react-router-7.md).
 */

/** package.json pins each exactly, so that a lock refresh cannot move one past its patch (patches/). */
export const FRAMEWORK_VERSIONS = {
  "@remix-run/dev": "2.17.5",
  "@remix-run/node": "2.17.5",
  "@remix-run/react": "2.17.5",
  "@remix-run/router": "1.23.3",
  "@remix-run/server-runtime": "2.17.5",
  "react-router": "6.30.4",
  "react-router-dom": "6.30.4",
  "turbo-stream": "2.4.1",
} as const;

/** Patched: Remix strips the trailing slash, which would ask outside the base path (remix#10212). */
export function singleFetchDataUrl(url: URL): URL {
  const data = new URL(url);
  data.pathname = data.pathname === "/" ? "/_root.data" : `${data.pathname}.data`;
  return data;
}

export function isSingleFetchDataPath(path: string): boolean {
  return path.endsWith(".data");
}

/** @remix-run/server-runtime answers `{basename}/__manifest` before any route. */
export function isRouteManifestPath(pathUnderBase: string): boolean {
  return pathUnderBase === "__manifest" || pathUnderBase.startsWith("__manifest?");
}

/** turbo-stream, not JSON. */
export const SINGLE_FETCH_CONTENT_TYPE = "text/x-script";

declare global {
  interface Window {
    __remixRouter?: Router;
  }
}

/** Only @remix-run/router declares them (React Router 7 exports them from react-router). */
export type { Router as DataRouter, RouterNavigateOptions, To } from "@remix-run/router";

export function browserRouter(): Router | undefined {
  return window.__remixRouter;
}

/** Remix's <Link> marks its anchors with `data-discover`; a `reloadDocument` link has no mark. */
export function isRouterLink(anchor: Element): boolean {
  return anchor.hasAttribute("data-discover");
}

/**
 * For markup rendered apart inside the page's render, so <Link> and useLoaderData work there. Remix's context gets its
 * own `renderMeta`, or a stored personal slot would hold on to the page's streamed data.
 */
export function useRouterContextsAround(): (children: ReactNode) => ReactNode {
  const remix = useContext(UNSAFE_RemixContext);
  const dataRouter = useContext(UNSAFE_DataRouterContext);
  const dataRouterState = useContext(UNSAFE_DataRouterStateContext);
  const navigation = useContext(UNSAFE_NavigationContext);
  const location = useContext(UNSAFE_LocationContext);
  const route = useContext(UNSAFE_RouteContext);
  const remixApart = remix && { ...remix, renderMeta: {} };
  return function RouterContexts(children) {
    return (
      <UNSAFE_RemixContext.Provider value={remixApart}>
        <UNSAFE_DataRouterContext.Provider value={dataRouter}>
          <UNSAFE_DataRouterStateContext.Provider value={dataRouterState}>
            <UNSAFE_NavigationContext.Provider value={navigation}>
              <UNSAFE_LocationContext.Provider value={location}>
                <UNSAFE_RouteContext.Provider value={route}>{children}</UNSAFE_RouteContext.Provider>
              </UNSAFE_LocationContext.Provider>
            </UNSAFE_NavigationContext.Provider>
          </UNSAFE_DataRouterStateContext.Provider>
        </UNSAFE_DataRouterContext.Provider>
      </UNSAFE_RemixContext.Provider>
    );
  };
}

export function matchedRouteHandles(remixContext: EntryContext): unknown[] {
  return remixContext.staticHandlerContext.matches.map((match) => remixContext.routeModules[match.route.id]?.handle);
}

/** Leans on RemixServer putting its copy of the loader data back in the context: later personal slots see the root's only. */
export function keepRootLoaderDataOnly(remixContext: EntryContext): void {
  const { loaderData } = remixContext.staticHandlerContext;
  for (const id of Object.keys(loaderData)) if (id !== "root") delete loaderData[id];
}

/** turbo-stream writes it as JSON text, and StreamTransfer escapes each chunk into a script. */
export function serializedStringInPage(value: string): string {
  return JSON.stringify(JSON.stringify(value))
    .slice(1, -1)
    .replace(/[&<>\u2028\u2029]/g, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, "0")}`);
}

/** The router recognises `data()` answers by a `type` marker its public types do not export. */
export function dataWithInitParts(answer: unknown): { data: unknown; init: ResponseInit | null } | null {
  if (typeof answer !== "object" || answer === null || (answer as { type?: unknown }).type !== "DataWithResponseInit") return null;
  const { data, init } = answer as { data: unknown; init: ResponseInit | null };
  return { data, init };
}
