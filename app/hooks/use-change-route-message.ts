import { useLocation } from "@remix-run/react";
import { useEffect } from "react";
import { changeRouteMessage, type ChangeRouteMessage } from "~/lib/change-route";

/**
 * Spec section 2: a framed detail page posts changeRoute with its document detail to the parent window on every
 * route change. The target origin is this site's own, so a page that somebody else frames tells them nothing.
 */
export function useChangeRouteMessage(content: ChangeRouteMessage["detail"]) {
  const location = useLocation();
  useEffect(() => {
    if (window.parent === window) return;
    const path = window.location.pathname + window.location.search;
    window.parent.postMessage(changeRouteMessage(path, content), window.location.origin);
    // Once per route change: the detail belongs to the route, and its object is new on every render.
  }, [location.key]);
}
