import { createContext, useContext } from "react";

/** The per-request CSP nonce, for the few inline scripts the server renders (JSON-LD, theme). */
export const NonceContext = createContext<string>("");

export function useNonce(): string {
  return useContext(NonceContext);
}
