import { z } from 'zod';
import { emailField, nameField } from '~/auth/account-schemas.server';
import { API_BODY_MAX_BYTES } from '~/web/api-response.server';
import { apiRoute } from '~/web/api.server';
import { updateProfile } from '~/services/my-page.server';
import { TAGS } from '~/web/api-doc.server';

// POST /api/super/user/editMyPage { userName, userEmail }: the signed-in user's name and email (any role).
const body = z.object({ userName: nameField, userEmail: z.union([emailField, z.literal(''), z.null()]) });

export const { loader, action } = apiRoute({
  method: 'POST',
  access: 'ANY',
  body,
  maxBytes: API_BODY_MAX_BYTES,
  doc: {
    path: '/api/super/user/editMyPage',
    tag: TAGS.me,
    summary: '내 정보 변경',
    description: '로그인한 사용자의 이름과 이메일 (이메일은 비우거나 null 로 지울 수 있음). 성공하면 true.',
    answer: z.literal(true),
  },
  handler: async ({ user, body }) => {
    await updateProfile(user.id, { name: body.userName, email: body.userEmail || null });
    return true as const;
  },
});
