import { createContext, useContext, type ReactNode } from "react";

const NonceContext = createContext<string | undefined>(undefined);

/** The server hands each render its CSP nonce (see `entry.server.tsx`). */
export function NonceProvider({ nonce, children }: { nonce: string; children: ReactNode }) {
  return <NonceContext.Provider value={nonce}>{children}</NonceContext.Provider>;
}

/**
 * The CSP nonce of this document, whatever route rendered it (even an error before any loader ran).
 * In the browser the `nonce` attribute reads empty, but the property keeps the value, so hydration
 * sees the same nonce the server wrote.
 */
export function useNonce(): string | undefined {
  const fromServer = useContext(NonceContext);
  if (fromServer !== undefined || typeof document === "undefined") return fromServer;
  return document.querySelector<HTMLScriptElement>("script[nonce]")?.nonce || undefined;
}
