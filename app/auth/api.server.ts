import { json } from '@remix-run/node';
import type { z } from 'zod';
import type { UserRole } from '~/domain/enums';
import { readLimited } from '~/lib/body-limit.server';
import { isDomainError } from '~/lib/errors';
import { ERROR_CODES } from '~/messages';
import { findAuthUser, type AuthUser } from '~/services/users.server';
import { getSession } from './session.server';
import { verifyAccessToken } from './tokens.server';

// The JSON API under /api (spec §7, architecture.md §2): bodies `{ data }` on success and `{ code, message }` on
// failure. Requests carry `Authorization: Bearer <accessToken>`; a browser may use its session cookie instead, and
// then every mutating call must echo the XSRF-TOKEN cookie in the X-XSRF-TOKEN header.

export const API_MESSAGES = {
  invalidToken: '인증이 만료되었거나 올바르지 않습니다.',
  authorizedError: '이 기능을 사용할 권한이 없습니다.',
  xsrf: '요청을 확인할 수 없습니다. 페이지를 새로고침한 뒤 다시 시도해 주세요.',
  refreshFail: '로그인이 만료되었습니다. 다시 로그인 해주세요.',
} as const;

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

/** Methods that never change data; every other method (an action) needs the XSRF header with the session cookie. */
const SAFE_METHODS = new Set(['GET', 'HEAD']);

function cookieValue(request: Request, name: string) {
  const cookie = request.headers.get('Cookie') ?? '';
  const match = cookie.split(/;\s*/).find((c) => c.startsWith(`${name}=`));
  if (!match) return null;
  try {
    return decodeURIComponent(match.slice(name.length + 1));
  } catch {
    return null; // a malformed value is no token
  }
}

/**
 * The API's guard: the user of the bearer token (or of the session cookie, with the XSRF check on mutations).
 * Throws INVALID_TOKEN (401) for a missing, invalid or expired token, AUTHORIZED_ERROR (403) for a wrong role.
 */
export type ApiUser = AuthUser & { familyId: string };

export async function requireApiUser(request: Request, options: { role?: UserRole } = {}): Promise<ApiUser> {
  const header = request.headers.get('Authorization');
  let token: string | undefined;
  if (header?.startsWith('Bearer ')) {
    token = header.slice('Bearer '.length).trim();
  } else {
    const session = await getSession(request);
    token = session.get('access');
    if (token && !SAFE_METHODS.has(request.method)) {
      const expected = cookieValue(request, 'XSRF-TOKEN');
      if (!expected || request.headers.get('X-XSRF-TOKEN') !== expected) {
        throw apiError(ERROR_CODES.AUTHORIZED_ERROR, API_MESSAGES.xsrf, 403);
      }
    }
  }
  const check = verifyAccessToken(token);
  if (!check.ok) throw apiError(ERROR_CODES.INVALID_TOKEN, API_MESSAGES.invalidToken, 401);
  const user = await findAuthUser(check.claims.sub);
  if (!user || user.status !== 'ACTIVE') throw apiError(ERROR_CODES.INVALID_TOKEN, API_MESSAGES.invalidToken, 401);
  if (options.role && user.role !== options.role) throw apiError(ERROR_CODES.AUTHORIZED_ERROR, API_MESSAGES.authorizedError, 403);
  return { ...user, familyId: check.claims.fam };
}

/**
 * Runs an API handler: domain errors become `{ code, message }` with their status; JSON responses pass through, and a
 * plain-text one thrown by a helper shared with the pages (a 404 for a malformed id) is given the same JSON shape.
 */
export async function handleApi(work: () => Promise<Response>): Promise<Response> {
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
    throw error;
  }
}

/** JSON bodies of the account calls are small; answers of a problem analysis (100 short answers) are the largest. */
export const API_BODY_MAX_BYTES = 16 * 1024;
export const API_LARGE_BODY_MAX_BYTES = 128 * 1024;
const bodyTooLarge = () => apiError(API_REQUEST_ERROR, '요청 본문이 너무 큽니다.', 413);

/** The JSON body (or form fields) of an API call, at most 128 KB (413 above); null when it cannot be read. */
export async function readRequestBody(request: Request): Promise<Record<string, unknown> | unknown[] | null> {
  const type = request.headers.get('Content-Type') ?? '';
  return readLimited(
    request,
    API_LARGE_BODY_MAX_BYTES,
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

/** The loader of a POST-only call. */
export const postOnly = () => apiError('METHOD_NOT_ALLOWED', 'POST로 요청해 주세요.', 405);
/** The action of a GET-only call: GET never changes data, and nothing else is accepted. */
export const getOnly = () => apiError('METHOD_NOT_ALLOWED', 'GET으로 요청해 주세요.', 405);
export const API_REQUEST_ERROR = 'INVALID_REQUEST';

/** Reads a JSON body (at most `maxBytes`, 413 above) and validates it; a bad body answers INVALID_REQUEST (400). */
export async function readJson<T extends z.ZodTypeAny>(request: Request, schema: T, maxBytes = API_BODY_MAX_BYTES): Promise<z.infer<T>> {
  const text = await readLimited(request, maxBytes, (limited) => limited.text(), bodyTooLarge);
  let body: unknown;
  try {
    body = JSON.parse(text || '{}');
  } catch {
    throw apiError(API_REQUEST_ERROR, 'JSON 형식의 요청 본문이 필요합니다.', 400);
  }
  const parsed = schema.safeParse(body);
  if (!parsed.success) throw apiError(API_REQUEST_ERROR, parsed.error.issues[0]?.message ?? '요청 내용을 확인해 주세요.', 400);
  return parsed.data;
}

/** Only the listed methods; anything else answers 405. */
export function allowMethods(request: Request, ...methods: string[]) {
  if (!methods.includes(request.method)) {
    throw apiError('METHOD_NOT_ALLOWED', '지원하지 않는 요청 방식입니다.', 405, { Allow: methods.join(', ') });
  }
}
