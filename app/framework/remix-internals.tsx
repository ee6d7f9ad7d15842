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
 * The fence: every use the site makes of what Remix 2 and React Router 6 do not promise in their public API, one
 * export per use, each saying what it leans on. Nothing outside app/framework/ imports an `UNSAFE_` name or spells the
 * markers below, and remix-internals.test.ts fails, naming the export, when an upgrade changes what one leans
 * on. The one use the root renders, ScriptsAfterHero, is in scripts-after-hero.tsx, a module of its own. docs/decisions/0006-patches-and-react-router-7.md says what each becomes in React Router 7.
 */

/**
 * The framework as the patches (patches/, applied by postinstall) and the uses below were written for. package.json
 * pins each exactly, so that a lock refresh cannot move one past its patch.
 */
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

/**
 * The address single fetch asks for a page's data on a client-side navigation: `{path}.data`, `/_root.data` for `/`.
 * Leans on `singleFetchUrl` of @remix-run/react as patched: Remix strips a trailing slash, so the base path's root
 * would ask for `/davmu/share.data`, outside the base path (remix#10212); the patch keeps it (`/davmu/share/.data`).
 */
export function singleFetchDataUrl(url: URL): URL {
  const data = new URL(url);
  data.pathname = data.pathname === "/" ? "/_root.data" : `${data.pathname}.data`;
  return data;
}

/** Whether a request path asks for single fetch's data: @remix-run/server-runtime's handler goes by the `.data` suffix. */
export function isSingleFetchDataPath(path: string): boolean {
  return path.endsWith(".data");
}

/**
 * Whether a path under a router's basename is the route manifest that lazy route discovery asks for
 * (`{basename}/__manifest`): @remix-run/server-runtime answers it before any route.
 */
export function isRouteManifestPath(pathUnderBase: string): boolean {
  return pathUnderBase === "__manifest" || pathUnderBase.startsWith("__manifest?");
}

/** The content type of single fetch's answers, set by @remix-run/server-runtime (turbo-stream, not JSON). */
export const SINGLE_FETCH_CONTENT_TYPE = "text/x-script";

declare global {
  interface Window {
    __remixRouter?: Router;
  }
}

/** The data router's types, which only @remix-run/router declares (React Router 7 exports them from react-router). */
export type { Router as DataRouter, RouterNavigateOptions, To } from "@remix-run/router";

/** The data router Remix's browser entry (RemixBrowser) creates and keeps on `window.__remixRouter`, once hydrated. */
export function browserRouter(): Router | undefined {
  return window.__remixRouter;
}

/**
 * Whether a link is one the router follows (it then loads the page's data, not the page): Remix's <Link> marks its
 * anchors with `data-discover` for lazy route discovery; a `reloadDocument` link has no mark.
 */
export function isRouterLink(anchor: Element): boolean {
  return anchor.hasAttribute("data-discover");
}

/**
 * For markup rendered apart, inside the page's render (renderToString of shared markup, personal slots): the Remix and
 * router contexts read where it stands, as a wrapper that provides them again, so <Link>, useLoaderData and the like
 * work there. Leans on the `UNSAFE_` contexts of @remix-run/react and react-router-dom, which RemixServer provides
 * (react-router-dom is pinned to the version @remix-run/react depends on, so both are one copy). Remix's context gets
 * a `renderMeta` of its own: markup rendered apart renders no <Scripts> and streams no data, and Remix keeps the page's
 * streamed data in `renderMeta`, which a personal slot, kept with its stored page, would otherwise hold on to.
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

/** The `handle` export of each route the rendered page matched, root first: the router's matches and Remix's modules. */
export function matchedRouteHandles(remixContext: EntryContext): unknown[] {
  return remixContext.staticHandlerContext.matches.map((match) => remixContext.routeModules[match.route.id]?.handle);
}

/**
 * After the page is rendered: drops every route's loader data but the root's. Leans on RemixServer rendering from a
 * copy of `staticHandlerContext.loaderData` that it puts back in the context, the object the router and its state
 * context read: markup rendered apart later (personal slots) sees the root's data only.
 */
export function keepRootLoaderDataOnly(remixContext: EntryContext): void {
  const { loaderData } = remixContext.staticHandlerContext;
  for (const id of Object.keys(loaderData)) if (id !== "root") delete loaderData[id];
}

/**
 * A string value of the loader data as it stands in the page's HTML: turbo-stream writes it as JSON text, and Remix's
 * StreamTransfer puts each chunk in a script as `enqueue(${escapeHtml(JSON.stringify(chunk))})`.
 */
export function serializedStringInPage(value: string): string {
  return JSON.stringify(JSON.stringify(value))
    .slice(1, -1)
    .replace(/[&<>\u2028\u2029]/g, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, "0")}`);
}

/**
 * The value and response init of a loader's or action's `data(value, init)` answer, or null for any other answer.
 * Leans on @remix-run/router's DataWithResponseInit, which `data()` returns and which the router recognises by its
 * `type` marker (its `isDataWithResponseInit` is not in the public types).
 */
export function dataWithInitParts(answer: unknown): { data: unknown; init: ResponseInit | null } | null {
  if (typeof answer !== "object" || answer === null || (answer as { type?: unknown }).type !== "DataWithResponseInit") return null;
  const { data, init } = answer as { data: unknown; init: ResponseInit | null };
  return { data, init };
}
