import { useEffect, useState } from "react";

/**
 * False while rendering on the server and hydrating, true once the page runs JavaScript. State set by an effect,
 * not useSyncExternalStore: a body that loads as its own chunk suspends during hydration, and on React 18's retry
 * useSyncExternalStore answered its client snapshot while the server's HTML was still being hydrated (a mismatch
 * that made React render the whole page again on the client).
 */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}
