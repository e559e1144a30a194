import { createContext, useContext } from "react";

/** Carries the per-request CSP nonce from entry.server to the scripts rendered by the root layout. */
export const NonceContext = createContext<string>("");
export const NonceProvider = NonceContext.Provider;
export const useNonce = () => useContext(NonceContext);
