import { useLocation } from "@remix-run/react";
import { useEffect } from "react";
import { changeRouteMessage, changeRouteTargets, type DocDetail } from "~/lib/change-route";

/** Spec section 2: addressed to each allowed origin (never '*'), so only a parent of one of them receives it. */
export function useChangeRouteMessage(detail: DocDetail, parentOrigins: readonly string[]) {
  const location = useLocation();
  useEffect(() => {
    if (window.parent === window) return;
    const message = changeRouteMessage(window.location.pathname + window.location.search, detail);
    const parentOrigin = window.location.ancestorOrigins?.[0];
    for (const origin of changeRouteTargets(window.location.origin, parentOrigins, parentOrigin)) window.parent.postMessage(message, origin);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per route change: the detail belongs to the route, and its object is new on every render
  }, [location.key]);
}
