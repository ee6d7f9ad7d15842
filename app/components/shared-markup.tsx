import { useNavigate } from "@remix-run/react";
import { createContext, useContext, useState, type ComponentType, type MouseEvent, type ReactNode } from "react";
import { BASE_PATH, routerPath } from "~/lib/base-path";

export type SharedMarkupProps = {
  as: "ul" | "nav";
  className?: string;
  "aria-label"?: string;
  /** Children rendered for equal `deps` (compared as JSON) are taken to be the same markup. */
  deps: unknown;
  /** Markup and plain links only: on first hydration the server's HTML is kept as it is (see SharedMarkup). */
  linksOnly?: boolean;
  children: ReactNode;
};

/** On the server, the renderer that reuses markup (app/render/shared-markup.server.tsx); null in the browser. */
export const SharedMarkupContext = createContext<ComponentType<SharedMarkupProps> | null>(null);

/** Whether the page is being hydrated for the first time: only then is there server HTML to keep. */
let firstHydration = false;

export function startPageHydration(): void {
  firstHydration = true;
}

export function markPageHydrated(): void {
  firstHydration = false;
}

// The same object every render, so React never sets the kept element's inner HTML.
const KEPT_HTML = { __html: "" };

/**
 * The server renders it once per `deps` and reuses the HTML for every visitor, the logged-in included. `linksOnly` pieces
 * are not hydrated on first hydration (an element with inner HTML is a leaf to React); a click on one of their site
 * links goes through the router as a Link would.
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

/** As Link's own click handling decides; null when the browser should follow the link. */
function routedLink(event: MouseEvent): string | null {
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.altKey || event.ctrlKey || event.shiftKey) return null;
  const anchor = (event.target as Element).closest("a[href]");
  if (!(anchor instanceof HTMLAnchorElement) || (anchor.target && anchor.target !== "_self") || anchor.hasAttribute("download")) return null;
  if (anchor.origin !== window.location.origin || !anchor.pathname.startsWith(BASE_PATH)) return null;
  // A link to a place on this page (the app-open card's #hash) is the browser's to follow.
  if (anchor.getAttribute("href")?.startsWith("#")) return null;
  return routerPath(anchor.pathname) + anchor.search + anchor.hash;
}
