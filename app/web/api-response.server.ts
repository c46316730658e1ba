import { json } from '@remix-run/node';
import { isDatabaseUnavailable } from '~/lib/database-errors.server';
import { MESSAGES } from '~/messages';
import { readLimited } from '~/web/body-limit.server';
import { isDomainError } from '~/lib/errors';
import { log, loggedPath, requestIdOf } from '~/lib/log.server';
import { UNAVAILABLE_MESSAGE } from '~/web/unavailable.server';

// Answers and bodies of the JSON API under /api (spec §7, architecture.md §2): `{ data }` on success and
// `{ code, message }` on failure, never cached, never sniffed. Routes use them through `apiRoute` (api.server.ts).

export const API_REQUEST_ERROR = 'INVALID_REQUEST';

/** Every API answer is personal or about a session: never stored by a browser or a proxy, never sniffed. */
function apiHeaders(init?: HeadersInit) {
  const headers = new Headers(init);
  if (!headers.has('Cache-Control')) headers.set('Cache-Control', 'no-store');
  headers.set('X-Content-Type-Options', 'nosniff');
  return headers;
}

export function apiData<T>(data: T, init?: ResponseInit) {
  return json({ data }, { ...init, headers: apiHeaders(init?.headers) });
}

export function apiError(code: string, message: string, status = 400, init?: HeadersInit) {
  return json({ code, message }, { status, headers: apiHeaders(init) });
}

/**
 * Runs an API handler: domain errors become `{ code, message }` with their status; JSON responses pass through, and a
 * plain-text one thrown by a helper shared with the pages (a 404 for a malformed id) is given the same JSON shape.
 * Anything else is logged with the request's id and answered in the same shape: 503 SERVICE_UNAVAILABLE when the
 * database is out of reach, 500 SERVER_ERROR otherwise (never Remix's plain-text 500).
 */
export async function handleApi(request: Request, work: () => Promise<Response>): Promise<Response> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof Response) {
      const isJson = (error.headers.get('Content-Type') ?? '').includes('json');
      if (isJson || (error.status >= 300 && error.status < 400)) return error;
      const message = (await error.text()) || '요청을 처리할 수 없습니다.';
      return apiError(error.status === 404 ? 'NOT_FOUND' : API_REQUEST_ERROR, message, error.status);
    }
    if (isDomainError(error)) return apiError(error.code, error.message, error.status);
    const fields = { id: requestIdOf(request), method: request.method, path: loggedPath(request), err: error };
    if (isDatabaseUnavailable(error)) {
      log.warn(fields, 'database unavailable');
      return apiError('SERVICE_UNAVAILABLE', UNAVAILABLE_MESSAGE, 503, { 'Retry-After': '30' });
    }
    log.error(fields, 'request failed');
    return apiError('SERVER_ERROR', MESSAGES.serverError, 500);
  }
}

/** JSON bodies of the account calls are small; answers of a problem analysis (100 short answers) are the largest. */
export const API_BODY_MAX_BYTES = 16 * 1024;
export const API_LARGE_BODY_MAX_BYTES = 128 * 1024;
const bodyTooLarge = () => apiError(API_REQUEST_ERROR, '요청 본문이 너무 큽니다.', 413);

/** The JSON body (or form fields) of an API call, at most `maxBytes` (413 above); null when it cannot be read. */
export async function readRequestBody(
  request: Request,
  maxBytes = API_LARGE_BODY_MAX_BYTES,
): Promise<Record<string, unknown> | unknown[] | null> {
  const type = request.headers.get('Content-Type') ?? '';
  return readLimited(
    request,
    maxBytes,
    async (limited) => {
      try {
        if (type.includes('application/json')) return (await limited.json()) as Record<string, unknown> | unknown[];
        return Object.fromEntries(await limited.formData());
      } catch {
        return null;
      }
    },
    bodyTooLarge,
  );
}
