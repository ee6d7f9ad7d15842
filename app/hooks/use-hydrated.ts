import { useEffect, useState } from "react";

/**
 * An effect, not useSyncExternalStore: on React 18's retry of a suspended chunk, that answered its client snapshot while
 * the server's HTML was still hydrating, and the mismatch re-rendered the whole page.
 */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}
