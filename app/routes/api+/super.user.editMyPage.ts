import { z } from 'zod';
import { emailField, nameField } from '~/auth/account-schemas.server';
import { API_BODY_MAX_BYTES } from '~/lib/api-response.server';
import { apiRoute } from '~/lib/api.server';
import { updateProfile } from '~/services/my-page.server';

// POST /api/super/user/editMyPage { userName, userEmail }: the signed-in user's name and email (any role).
const body = z.object({ userName: nameField, userEmail: z.union([emailField, z.literal(''), z.null()]) });

export const { loader, action } = apiRoute({
  method: 'POST',
  access: 'ANY',
  body,
  maxBytes: API_BODY_MAX_BYTES,
  handler: async ({ user, body }) => {
    await updateProfile(user.id, { name: body.userName, email: body.userEmail || null });
    return true;
  },
});
