import type { AppLoadContext, EntryContext, HandleDataRequestFunction } from '@remix-run/node';
import { createReadableStreamFromReadable } from '@remix-run/node';
import { RemixServer } from '@remix-run/react';
import { isbot } from 'isbot';
import { renderToPipeableStream } from 'react-dom/server';
import { NonceProvider, createNonce } from '~/components/nonce';
import { ensureDatabase } from '~/db/client.server';
import { htmlBodyStream } from '~/lib/html-stream.server';
import { applySecurityHeaders } from '~/lib/security-headers.server';

// The server does not answer before the database is migrated (and seeded in the experience environment).
await ensureDatabase();

const ABORT_DELAY = 5_000;

/** Pages and data of a signed-in visitor must never be stored by a browser or a proxy (architecture.md §5). */
function noStoreWhenSignedIn(request: Request, headers: Headers) {
  if (/(?:^|;\s*)(?:__session|__Host-session)=/.test(request.headers.get('Cookie') ?? '')) headers.set('Cache-Control', 'no-store');
}

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  _loadContext: AppLoadContext,
) {
  const nonce = createNonce();
  applySecurityHeaders(responseHeaders, nonce);
  noStoreWhenSignedIn(request, responseHeaders);
  // Bots and no-JS clients get the whole document at once; browsers get it streamed.
  const callback = isbot(request.headers.get('user-agent') ?? '') ? 'onAllReady' : 'onShellReady';

  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <RemixServer context={remixContext} url={request.url} abortDelay={ABORT_DELAY} />
      </NonceProvider>,
      {
        nonce,
        [callback]() {
          shellRendered = true;
          const body = htmlBodyStream();
          responseHeaders.set('Content-Type', 'text/html; charset=utf-8');
          resolve(
            new Response(createReadableStreamFromReadable(body), {
              headers: responseHeaders,
              status: responseStatusCode,
            }),
          );
          pipe(body);
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) console.error(error);
        },
      },
    );
    setTimeout(abort, ABORT_DELAY);
  });
}

export const handleDataRequest: HandleDataRequestFunction = (response, { request }) => {
  applySecurityHeaders(response.headers);
  noStoreWhenSignedIn(request, response.headers);
  return response;
};

export function handleError(error: unknown, { request }: { request: Request }) {
  if (request.signal.aborted) return;
  console.error(error);
}
