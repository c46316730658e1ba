import { z } from 'zod';
import { clientIp, RATE_LIMIT_CODE, RATE_LIMIT_MESSAGE } from '~/auth/rate-limit.server';
import { apiTokens, apiTokensAnswer, issueRefreshToken } from '~/auth/tokens.server';
import { xsrfCookie } from '~/web/xsrf.server';
import { TAGS } from '~/web/api-doc.server';
import { API_BODY_MAX_BYTES } from '~/web/api-response.server';
import { apiData, apiError, apiRoute } from '~/web/api.server';
import { ACCOUNT_MESSAGES, AuthenticationError, signIn } from '~/services/accounts.server';

// POST /api/auth/login { loginId, password } → { data: { accessToken, expireDate, refreshToken } } (spec §7).
const body = z.object({
  loginId: z.string({ required_error: '아이디를 입력해 주세요.' }).trim().min(1, '아이디를 입력해 주세요.').max(50),
  password: z.string({ required_error: '비밀번호를 입력해 주세요.' }).min(1, '비밀번호를 입력해 주세요.').max(256),
});

export const { loader, action } = apiRoute({
  method: 'POST',
  access: 'PUBLIC',
  body,
  maxBytes: API_BODY_MAX_BYTES,
  doc: {
    path: '/api/auth/login',
    tag: TAGS.auth,
    summary: '로그인',
    description: '아이디와 비밀번호로 access token 과 refresh token 을 받습니다. XSRF-TOKEN 쿠키도 함께 설정됩니다.',
    answer: apiTokensAnswer,
    errors: [
      { code: 'LOGIN_FAIL', message: ACCOUNT_MESSAGES.badCredentials, status: 401 },
      { code: RATE_LIMIT_CODE, message: RATE_LIMIT_MESSAGE, status: 429 },
    ],
  },
  handler: async ({ body, request }) => {
    let user;
    try {
      user = await signIn(body.loginId, body.password, clientIp(request));
    } catch (error) {
      if (error instanceof AuthenticationError) return apiError('LOGIN_FAIL', error.message, 401);
      throw error;
    }
    const refresh = await issueRefreshToken(user.id);
    return apiData(apiTokens(user, refresh), { headers: { 'Set-Cookie': xsrfCookie(refresh.familyId) } });
  },
});
