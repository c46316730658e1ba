import { json, redirect } from '@remix-run/node';
import { setFlash, type Flash } from '~/web/session.server';
import { MESSAGES } from '~/messages';
import { isDomainError, type DomainError } from '~/lib/errors';
import { pageNumber, positiveInt } from '~/lib/numbers';

export { boundedInt, positiveInt } from '~/lib/numbers';

// The glue between HTTP and the services for the pages (the JSON API has its own in api.server.ts). A page route
// reads: guard → parse (these helpers and its zod schema) → service → respond (these helpers again).

/** A 404 the area's error page explains. */
export function notFound(message: string = MESSAGES.notFound): Response {
  return new Response(message, { status: 404 });
}

/** A positive whole-number route parameter, or a 404 (with the page's own not-found message when given). */
export function idParam(value: string | undefined, message?: string): number {
  const id = positiveInt(value);
  if (id === null) throw notFound(message);
  return id;
}

/** `?page=` of a paginated list: 1 when absent or nonsense. */
export function pageParam(request: Request): number {
  return pageNumber(new URL(request.url).searchParams.get('page'));
}

/** A domain error as the response the area's error page explains (403, 404, 409 …); other errors pass through. */
export function domainErrorResponse(error: DomainError): Response {
  return new Response(error.message, { status: error.status });
}

/** Runs a loader's service call: a domain error becomes a response the area's error page explains. */
export async function orRespond<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isDomainError(error)) throw domainErrorResponse(error);
    throw error;
  }
}

/**
 * Runs a loader's service call whose refusal the page shows in place (an expired link's explanation) rather than on the
 * area's error page: the value, or the refusal with its status. Other errors pass through.
 */
export async function orRefusal<T>(work: () => Promise<T>): Promise<{ value: T; refusal: null } | { value: null; refusal: DomainError }> {
  try {
    return { value: await work(), refusal: null };
  } catch (error) {
    if (isDomainError(error)) return { value: null, refusal: error };
    throw error;
  }
}

/** The loader's data, never cached (signed-in pages). */
export function pageData<T extends Record<string, unknown>>(data: T, headers: HeadersInit = {}) {
  const h = new Headers(headers);
  h.set('Cache-Control', 'no-store');
  return json(data, { headers: h });
}

/** Post-redirect-get: the next page shows `message` once (the area layout renders the flash). */
export async function redirectWithFlash(to: string, message: string, kind: Flash['kind'] = 'success', headers: HeadersInit = {}) {
  const h = new Headers(headers);
  h.append('Set-Cookie', await setFlash({ kind, message }));
  return redirect(to, { headers: h });
}
