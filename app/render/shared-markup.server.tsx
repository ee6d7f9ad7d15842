import { LRUCache } from "lru-cache";
import { useHref } from "@remix-run/react";
import { useContext, type ReactNode } from "react";
import { renderToString } from "react-dom/server";
import { NonceContext } from "~/components/nonce";
import type { SharedMarkupProps } from "~/components/shared-markup";
import { useRouterContextsAround } from "~/framework/remix-internals";

const MAX_BYTES = 4 * 1024 * 1024;

const stored = new LRUCache<string, string>({ maxSize: MAX_BYTES, sizeCalculation: (html, key) => html.length + key.length });

export function useAround(): (children: ReactNode) => ReactNode {
  const routerContexts = useRouterContextsAround();
  const nonce = useContext(NonceContext);
  return (children) => routerContexts(<NonceContext.Provider value={nonce}>{children}</NonceContext.Provider>);
}

/** React supports renderToString inside a render; the browser hydrates it as the children it is. */
export function ServerSharedMarkup({ as: Element, deps, children, linksOnly: _linksOnly, ...attributes }: SharedMarkupProps) {
  const around = useAround();
  // The router's basename is the page's language: its links and texts differ between the two.
  const key = `${useHref("/")} ${Element}.${attributes.className ?? ""}:${JSON.stringify(deps)}`;
  let html = stored.get(key);
  if (html === undefined) {
    html = renderToString(around(children));
    stored.set(key, html);
  }
  return <Element {...attributes} dangerouslySetInnerHTML={{ __html: html }} />;
}
