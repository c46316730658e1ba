import { apiError, apiRoute } from '~/lib/api.server';
import { readProfileImageUpload } from '~/lib/forms/my-page.server';
import { isMultipart } from '~/lib/uploads.server';
import { PROFILE_MESSAGES, saveProfileImage } from '~/services/my-page.server';

// POST /api/user/edit/image (multipart, field `file`): a new profile picture, checked by content, at most 5 MB.
export const { loader, action } = apiRoute({
  method: 'POST',
  access: 'ANY',
  handler: async ({ user, request }) => {
    if (!isMultipart(request)) return apiError('INVALID_REQUEST', 'multipart/form-data 형식으로 보내 주세요.', 400);
    const bytes = await readProfileImageUpload(request, 'file');
    if (!bytes) return apiError('IMAGE_MISSING', PROFILE_MESSAGES.imageMissing, 400);
    const file = await saveProfileImage(user.id, bytes);
    return { profileImage: `/resources/profile-image/${user.id}?v=${file.slice(0, 8)}` };
  },
});
