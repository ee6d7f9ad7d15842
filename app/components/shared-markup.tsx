import { useNavigate } from "@remix-run/react";
import { createContext, useContext, useState, type ComponentType, type MouseEvent, type ReactNode } from "react";
import { BASE_PATH, routerPath } from "~/lib/base-path";

export type SharedMarkupProps = {
  as: "ul" | "nav";
  className?: string;
  "aria-label"?: string;
  /**
   * Everything the children render from (their props, and any router state they read, such as the query):
   * children rendered for equal `deps` (compared as JSON) are taken to be the same markup.
   */
  deps: unknown;
  /**
   * The children are markup and plain links only (no state, no handlers of their own): while the page first
   * hydrates, the browser keeps the server's HTML of them as it is instead of hydrating it (see SharedMarkup).
   */
  linksOnly?: boolean;
  children: ReactNode;
};

/** On the server, the renderer that reuses markup (app/render/shared-markup.server.tsx); null in the browser. */
export const SharedMarkupContext = createContext<ComponentType<SharedMarkupProps> | null>(null);

/** Whether the page is being hydrated for the first time: only then is there server HTML to keep. */
let firstHydration = false;

/** The browser entry is about to hydrate the page the server sent. */
export function startPageHydration(): void {
  firstHydration = true;
}

/** The page's first hydration has committed: from now on every piece of shared markup renders its children. */
export function markPageHydrated(): void {
  firstHydration = false;
}

// The same object every render, so React never sets the kept element's inner HTML.
const KEPT_HTML = { __html: "" };

/**
 * A piece of a page that is the same for everyone who is shown the same data (card lists, comments, the
 * navigation panel): the server renders it once for a given `deps` and reuses the HTML for every visitor, the
 * logged-in included, whose pages are otherwise rendered fresh. In the browser the children render (and hydrate)
 * as usual: the reused HTML is exactly what React rendered for them.
 *
 * `linksOnly` pieces are not hydrated at all while the page first hydrates: React adopts the element and leaves
 * the server's children in place (an element with inner HTML is a leaf to React, which never compares that HTML
 * outside development), and a click on one of their site links navigates through the router as a Link would.
 * Hydrating a page's card lists was most of the work of hydrating it. Once what the children show changes (more
 * cards loaded, another page), the children render as React elements in a new element.
 */
export function SharedMarkup(props: SharedMarkupProps) {
  const ServerMarkup = useContext(SharedMarkupContext);
  const { as: Element, deps, linksOnly, children, ...attributes } = props;
  // Decided once, when the element mounts: only what the server rendered has HTML to keep.
  const [keptFor] = useState(() => (linksOnly && !ServerMarkup && firstHydration ? JSON.stringify(deps) : null));
  const navigate = useNavigate();
  if (ServerMarkup) return <ServerMarkup {...props} />;
  if (keptFor !== null && keptFor === JSON.stringify(deps)) {
    const onClick = (event: MouseEvent) => {
      const to = routedLink(event);
      if (!to) return;
      event.preventDefault();
      navigate(to);
    };
    return <Element key="kept" {...attributes} dangerouslySetInnerHTML={KEPT_HTML} suppressHydrationWarning onClick={onClick} />;
  }
  return (
    <Element key="rendered" {...attributes}>
      {children}
    </Element>
  );
}

/**
 * Where the router should take a click on a link inside kept markup, as Link's own click handling decides: a plain
 * primary click on a link to a page of this site, with no target or download; null when the browser should follow it.
 */
function routedLink(event: MouseEvent): string | null {
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.altKey || event.ctrlKey || event.shiftKey) return null;
  const anchor = (event.target as Element).closest("a[href]");
  if (!(anchor instanceof HTMLAnchorElement) || (anchor.target && anchor.target !== "_self") || anchor.hasAttribute("download")) return null;
  if (anchor.origin !== window.location.origin || !anchor.pathname.startsWith(BASE_PATH)) return null;
  // A link to a place on this page (the app-open card's #hash) is the browser's to follow.
  if (anchor.getAttribute("href")?.startsWith("#")) return null;
  return routerPath(anchor.pathname) + anchor.search + anchor.hash;
}
