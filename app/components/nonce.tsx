import { createContext, useContext } from 'react';

// The per-request CSP nonce, given to every inline script Remix renders. Empty in the browser.
const NonceContext = createContext('');
export const NonceProvider = NonceContext.Provider;
export const useNonce = () => useContext(NonceContext);

export function createNonce(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return btoa(String.fromCharCode(...bytes));
}
