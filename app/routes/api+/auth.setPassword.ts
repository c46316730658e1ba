import { z } from 'zod';
import { answerField, passwordField, questionField } from '~/auth/account-schemas.server';
import { apiTokens, apiTokensAnswer, issueRefreshToken } from '~/auth/tokens.server';
import { TAGS } from '~/web/api-doc.server';
import { API_BODY_MAX_BYTES } from '~/web/api-response.server';
import { apiData, apiRoute } from '~/web/api.server';
import { xsrfCookie } from '~/web/xsrf.server';
import { completeMigration } from '~/services/accounts.server';

// POST /api/auth/setPassword { password, securityQuestion, securityAnswer }: the API's door of /member/migration. An
// account with a temporary password from its academy, or one brought over from the previous system, chooses its own
// password and security question; every other call answers PASSWORD_CHANGE_REQUIRED until then. Every session of the
// account ends (the old password's), and the answer is a fresh token pair, as a sign-in's.
const body = z.object({ password: passwordField, securityQuestion: questionField, securityAnswer: answerField });

export const { loader, action } = apiRoute({
  method: 'POST',
  access: 'ANY',
  allowPasswordChange: true,
  body,
  maxBytes: API_BODY_MAX_BYTES,
  doc: {
    path: '/api/auth/setPassword',
    tag: TAGS.auth,
    summary: '새 비밀번호 등록 (임시 비밀번호)',
    description:
      '학원이 정해 준 임시 비밀번호나 이전 시스템의 비밀번호로 로그인한 계정이 자기 비밀번호와 보안 질문을 등록합니다 (`/api/me` 의 mustChangePassword 가 true 인 동안 다른 호출은 PASSWORD_CHANGE_REQUIRED). 이 계정의 로그인은 모두 끝나고, 새 access token 과 refresh token 을 답합니다.',
    answer: apiTokensAnswer,
    errors: [{ code: 'NOT_MIGRATION', message: '이미 비밀번호를 변경한 계정입니다.', status: 409 }],
  },
  handler: async ({ user, body }) => {
    const updated = await completeMigration(user.id, body);
    const refresh = await issueRefreshToken(updated.id);
    return apiData(apiTokens(updated, refresh), { headers: { 'Set-Cookie': xsrfCookie(refresh.familyId) } });
  },
});
