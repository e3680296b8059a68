import { createContext, useContext } from "react";

// The per-request CSP nonce, for the few inline scripts the document carries.
export const NonceContext = createContext("");
export const useNonce = () => useContext(NonceContext);
