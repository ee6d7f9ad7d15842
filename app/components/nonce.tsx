import { createContext, useContext } from "react";

/**
 * The per-request CSP nonce, for the inline scripts the server renders; none for a page rendered for the store,
 * whose inline scripts the CSP allows by hash (server/page-cache/page-store.ts).
 */
export const NonceContext = createContext<string | undefined>(undefined);

export function useNonce(): string | undefined {
  return useContext(NonceContext);
}
