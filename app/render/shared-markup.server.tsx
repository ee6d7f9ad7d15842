import { UNSAFE_RemixContext } from "@remix-run/react";
import { LRUCache } from "lru-cache";
import { useContext, type ReactNode } from "react";
import { renderToString } from "react-dom/server";
import {
  UNSAFE_DataRouterContext,
  UNSAFE_DataRouterStateContext,
  UNSAFE_LocationContext,
  UNSAFE_NavigationContext,
  UNSAFE_RouteContext,
} from "react-router-dom";
import { NonceContext } from "~/components/nonce";
import type { SharedMarkupProps } from "~/components/shared-markup";

/** Enough for every list of a few hundred pages; a miss only costs a render. */
const MAX_BYTES = 4 * 1024 * 1024;

const stored = new LRUCache<string, string>({ maxSize: MAX_BYTES, sizeCalculation: (html, key) => html.length + key.length });

/**
 * What markup rendered apart from the page (reused markup, personal slots) may read around it: the router's and
 * Remix's contexts, and the nonce. (react-router-dom is pinned to the version @remix-run/react pins, so these are
 * the contexts Remix provides.)
 */
export function useAround(): (children: ReactNode) => ReactNode {
  const remix = useContext(UNSAFE_RemixContext);
  const dataRouter = useContext(UNSAFE_DataRouterContext);
  const dataRouterState = useContext(UNSAFE_DataRouterStateContext);
  const navigation = useContext(UNSAFE_NavigationContext);
  const location = useContext(UNSAFE_LocationContext);
  const route = useContext(UNSAFE_RouteContext);
  const nonce = useContext(NonceContext);
  // Markup rendered apart renders no <Scripts> and streams no data, so it gets a renderMeta of its own: a personal
  // slot, kept with its stored page, then keeps none of the page's streamed data (Remix caches it there, some 20 KB).
  const remixApart = remix && { ...remix, renderMeta: {} };
  return (children) => (
    <UNSAFE_RemixContext.Provider value={remixApart}>
      <UNSAFE_DataRouterContext.Provider value={dataRouter}>
        <UNSAFE_DataRouterStateContext.Provider value={dataRouterState}>
          <UNSAFE_NavigationContext.Provider value={navigation}>
            <UNSAFE_LocationContext.Provider value={location}>
              <UNSAFE_RouteContext.Provider value={route}>
                <NonceContext.Provider value={nonce}>{children}</NonceContext.Provider>
              </UNSAFE_RouteContext.Provider>
            </UNSAFE_LocationContext.Provider>
          </UNSAFE_NavigationContext.Provider>
        </UNSAFE_DataRouterStateContext.Provider>
      </UNSAFE_DataRouterContext.Provider>
    </UNSAFE_RemixContext.Provider>
  );
}

/**
 * SharedMarkup on the server: the children's HTML, rendered once per `deps` (React supports renderToString
 * inside a render) and written as the element's inner HTML. The browser hydrates it as the children it is.
 */
export function ServerSharedMarkup({ as: Element, deps, children, linksOnly: _linksOnly, ...attributes }: SharedMarkupProps) {
  const around = useAround();
  const key = `${Element}.${attributes.className ?? ""}:${JSON.stringify(deps)}`;
  let html = stored.get(key);
  if (html === undefined) {
    html = renderToString(around(children));
    stored.set(key, html);
  }
  return <Element {...attributes} dangerouslySetInnerHTML={{ __html: html }} />;
}
