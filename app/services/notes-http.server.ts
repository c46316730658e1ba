import { json } from '@remix-run/node';
import { isDomainError } from '~/lib/errors';

// Small helpers the note pages share: ids from the URL, domain errors as HTTP responses, no-store page data.
// (The area layout shows the flash message of the last post.)

/** A positive integer route parameter, or a 404. */
export function idParam(value: string | undefined): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n <= 0 || n > 2_147_483_647) throw new Response('요청하신 페이지를 찾을 수 없습니다.', { status: 404 });
  return n;
}

export function pageParam(request: Request): number {
  const n = Number(new URL(request.url).searchParams.get('page') ?? '1');
  return Number.isInteger(n) && n > 0 && n < 100_000 ? n : 1;
}

/** Runs a loader's service call: a 403/404/409 domain error becomes a response the area's error page explains. */
export async function orRespond<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isDomainError(error)) throw new Response(error.message, { status: error.status });
    throw error;
  }
}

/** The loader's data, never cached (signed-in pages). */
export function pageData<T extends Record<string, unknown>>(data: T, headers: HeadersInit = {}) {
  const h = new Headers(headers);
  h.set('Cache-Control', 'no-store');
  return json(data, { headers: h });
}
