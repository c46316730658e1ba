import type { UserRole } from '~/domain/enums';
import { apiError } from '~/lib/api-response.server';
import { ERROR_CODES } from '~/messages';
import { findAuthUser, type AuthUser } from '~/services/users.server';
import { getSession } from './session.server';
import { verifyAccessToken } from './tokens.server';

// The JSON API's guard (spec §7). Requests carry `Authorization: Bearer <accessToken>`; a browser may use its session cookie instead, and
// then every mutating call must echo the XSRF-TOKEN cookie in the X-XSRF-TOKEN header.

export const API_MESSAGES = {
  invalidToken: '인증이 만료되었거나 올바르지 않습니다.',
  authorizedError: '이 기능을 사용할 권한이 없습니다.',
  xsrf: '요청을 확인할 수 없습니다. 페이지를 새로고침한 뒤 다시 시도해 주세요.',
  refreshFail: '로그인이 만료되었습니다. 다시 로그인 해주세요.',
} as const;

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
