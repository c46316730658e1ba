import { z } from 'zod';
import { API_MESSAGES } from '~/web/api-auth.server';
import { apiTokens, apiTokensAnswer, consumeRefreshToken } from '~/auth/tokens.server';
import { TAGS } from '~/web/api-doc.server';
import { API_BODY_MAX_BYTES } from '~/web/api-response.server';
import { apiError, apiRoute } from '~/web/api.server';
import { ERROR_CODES } from '~/messages';
import { findAuthUser } from '~/services/users.server';

// POST /api/auth/refreshToken { refreshToken } → a new pair; the old refresh token is used up (rotation). A replayed
// old token revokes its family. Any failure: REFRESH_TOKEN_FAIL (the client signs in again, spec §8).
const body = z.object({ refreshToken: z.string({ required_error: 'refreshToken이 필요합니다.' }).min(1).max(200) });

export const { loader, action } = apiRoute({
  method: 'POST',
  access: 'PUBLIC',
  body,
  maxBytes: API_BODY_MAX_BYTES,
  doc: {
    path: '/api/auth/refreshToken',
    tag: TAGS.auth,
    summary: '토큰 갱신',
    description: 'refresh token 으로 새 토큰 한 쌍을 받습니다. 쓴 refresh token 은 다시 쓸 수 없습니다 (회전).',
    answer: apiTokensAnswer,
    errors: [{ code: ERROR_CODES.REFRESH_TOKEN_FAIL, message: API_MESSAGES.refreshFail, status: 401 }],
  },
  handler: async ({ body }) => {
    const used = await consumeRefreshToken(body.refreshToken);
    // 'grace' means this token was used moments ago: the new one went to the other request. An API client refreshes
    // one request at a time (spec §8: the others wait), so a second use is refused.
    if (used.kind !== 'rotated') return apiError(ERROR_CODES.REFRESH_TOKEN_FAIL, API_MESSAGES.refreshFail, 401);
    const user = await findAuthUser(used.userId);
    if (!user || user.status !== 'ACTIVE') return apiError(ERROR_CODES.REFRESH_TOKEN_FAIL, API_MESSAGES.refreshFail, 401);
    return apiTokens(user, used.next);
  },
});
