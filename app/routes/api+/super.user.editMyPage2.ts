import { z } from 'zod';
import { passwordField } from '~/auth/account-schemas.server';
import { API_BODY_MAX_BYTES } from '~/web/api-response.server';
import { apiRoute } from '~/web/api.server';
import { changePassword } from '~/services/my-page.server';
import { TAGS } from '~/web/api-doc.server';
import { ACCOUNT_MESSAGES } from '~/services/accounts.server';
import { RATE_LIMIT_CODE, RATE_LIMIT_MESSAGE } from '~/auth/rate-limit.server';

// POST /api/super/user/editMyPage2 { password, newPassword }: changes the password; other sessions end.
const body = z.object({ password: z.string().min(1, '현재 비밀번호를 입력해 주세요.').max(256), newPassword: passwordField });

export const { loader, action } = apiRoute({
  method: 'POST',
  access: 'ANY',
  body,
  maxBytes: API_BODY_MAX_BYTES,
  doc: {
    path: '/api/super/user/editMyPage2',
    tag: TAGS.me,
    summary: '비밀번호 변경',
    description: '현재 비밀번호를 확인하고 바꿉니다. 이 로그인을 뺀 다른 로그인은 끝납니다. 성공하면 true.',
    answer: z.literal(true),
    errors: [
      { code: 'WRONG_PASSWORD', message: ACCOUNT_MESSAGES.wrongCurrentPassword, status: 400 },
      { code: 'SAME_PASSWORD', message: ACCOUNT_MESSAGES.samePassword, status: 400 },
      { code: RATE_LIMIT_CODE, message: RATE_LIMIT_MESSAGE, status: 429 },
    ],
  },
  handler: async ({ user, body }) => {
    await changePassword(user, body, user.familyId);
    return true as const;
  },
});
