import type { UserRole } from '~/domain/enums';
import { apiError } from '~/web/api-response.server';
import { ERROR_CODES, MESSAGES } from '~/messages';
import { findAuthUser, type AuthUser } from '~/services/users.server';
import { getSession } from '~/web/session.server';
import { isSessionLive, verifyAccessToken } from '~/auth/tokens.server';
import { isXsrfTokenValid } from '~/web/xsrf.server';
import { isParent, mustSetPassword } from '~/web/guards.server';

// The JSON API's guard (spec §7). Requests carry `Authorization: Bearer <accessToken>`; a browser may use its session cookie instead, and
// then every mutating call must echo the XSRF-TOKEN cookie in the X-XSRF-TOKEN header.

export const API_MESSAGES = {
  invalidToken: '인증이 만료되었거나 올바르지 않습니다.',
  authorizedError: '이 기능을 사용할 권한이 없습니다.',
  xsrf: '요청을 확인할 수 없습니다. 페이지를 새로고침한 뒤 다시 시도해 주세요.',
  refreshFail: '로그인이 만료되었습니다. 다시 로그인 해주세요.',
  passwordChangeRequired: MESSAGES.passwordChangeRequired,
} as const;

/** Methods that never change data; every other method (an action) needs the XSRF header with the session cookie. */
const SAFE_METHODS = new Set(['GET', 'HEAD']);

/**
 * The API's guard: the user of the bearer token (or of the session cookie, with the XSRF check on mutations).
 * Throws INVALID_TOKEN (401) for a missing, invalid or expired token, AUTHORIZED_ERROR (403) for a wrong role, and
 * PASSWORD_CHANGE_REQUIRED (403) for an account that must first choose its own password (a temporary password from the
 * academy, or an account brought over from the previous system), as the web's guards send it to /member/migration;
 * only the calls that let it do so (`allowPasswordChange`: /api/me, /api/auth/setPassword) pass.
 */
export type ApiUser = AuthUser & { familyId: string };

export async function requireApiUser(request: Request, options: { role?: UserRole; allowPasswordChange?: boolean } = {}): Promise<ApiUser> {
  const header = request.headers.get('Authorization');
  let token: string | undefined;
  if (header?.startsWith('Bearer ')) {
    token = header.slice('Bearer '.length).trim();
  } else {
    const session = await getSession(request);
    token = session.get('access');
    // The header must carry the token derived from this session's id: a value merely equal in cookie and header, or
    // another session's token, is refused.
    if (token && !SAFE_METHODS.has(request.method) && !isXsrfTokenValid(request.headers.get('X-XSRF-TOKEN'), session.get('fam'))) {
      throw apiError(ERROR_CODES.AUTHORIZED_ERROR, API_MESSAGES.xsrf, 403);
    }
  }
  const check = verifyAccessToken(token);
  if (!check.ok) throw apiError(ERROR_CODES.INVALID_TOKEN, API_MESSAGES.invalidToken, 401);
  const [user, live] = await Promise.all([findAuthUser(check.claims.sub), isSessionLive(check.claims.fam, check.claims.sub)]);
  if (!user || user.status !== 'ACTIVE' || !live) throw apiError(ERROR_CODES.INVALID_TOKEN, API_MESSAGES.invalidToken, 401);
  // A parent's account (role USER, authority PARENT) is not a student's: the API's USER calls are the student's own.
  if (options.role && (user.role !== options.role || isParent(user)))
    throw apiError(ERROR_CODES.AUTHORIZED_ERROR, API_MESSAGES.authorizedError, 403);
  if (!options.allowPasswordChange && mustSetPassword(user)) {
    throw apiError(ERROR_CODES.PASSWORD_CHANGE_REQUIRED, API_MESSAGES.passwordChangeRequired, 403);
  }
  return { ...user, familyId: check.claims.fam };
}
