import { useLocation } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { changeRouteMessage, changeRouteTargets, isChangeRouteQuery, type ChangeRouteMessage, type DocDetail } from "~/lib/change-route";

/**
 * Spec section 2: addressed to each allowed origin (never '*'), so only a parent of one of them receives it. A parent
 * that began listening after the page posted asks again (CHANGE_ROUTE_QUERY) and gets the latest, at its own origin.
 */
export function useChangeRouteMessage(detail: DocDetail, parentOrigins: readonly string[]) {
  const location = useLocation();
  const latest = useRef<{ message: ChangeRouteMessage; targets: string[] } | null>(null);

  useEffect(() => {
    if (window.parent === window) return;
    const message = changeRouteMessage(window.location.pathname + window.location.search, detail);
    const targets = changeRouteTargets(window.location.origin, parentOrigins, window.location.ancestorOrigins?.[0]);
    latest.current = { message, targets };
    for (const origin of targets) window.parent.postMessage(message, origin);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per route change: the detail belongs to the route, and its object is new on every render
  }, [location.key]);

  useEffect(() => {
    if (window.parent === window) return;
    const onQuery = (event: MessageEvent) => {
      const sent = latest.current;
      if (event.source !== window.parent || !isChangeRouteQuery(event.data) || !sent?.targets.includes(event.origin)) return;
      window.parent.postMessage(sent.message, event.origin);
    };
    window.addEventListener("message", onQuery);
    return () => window.removeEventListener("message", onQuery);
  }, []);
}
