// The document as the server sends it (app/entry.server.tsx renders it to one string, docs/decisions/029).

const PRELOAD = '<link rel="modulepreload"';

/**
 * Remix renders its `<link rel="modulepreload">` tags without a nonce; the policy's `'strict-dynamic'` ignores
 * `'self'`, so a preload without the nonce would be refused and the scripts would load one after another instead of in
 * parallel (docs/decisions/015). Every such tag gets the request's nonce.
 */
export function withPreloadNonce(html: string, nonce: string): string {
  return html.replaceAll(PRELOAD, `<link nonce="${nonce}" rel="modulepreload"`);
}
