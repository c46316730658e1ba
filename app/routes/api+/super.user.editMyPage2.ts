import { z } from 'zod';
import { passwordField } from '~/auth/account-schemas.server';
import { API_BODY_MAX_BYTES } from '~/lib/api-response.server';
import { apiRoute } from '~/lib/api.server';
import { changePassword } from '~/services/my-page.server';

// POST /api/super/user/editMyPage2 { password, newPassword }: changes the password; other sessions end.
const body = z.object({ password: z.string().min(1, '현재 비밀번호를 입력해 주세요.').max(256), newPassword: passwordField });

export const { loader, action } = apiRoute({
  method: 'POST',
  access: 'ANY',
  body,
  maxBytes: API_BODY_MAX_BYTES,
  handler: async ({ user, body }) => {
    await changePassword(user, body, user.familyId);
    return true;
  },
});
