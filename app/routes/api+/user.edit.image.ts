import { apiError, apiRoute } from '~/web/api.server';
import { readProfileImageUpload } from '~/web/forms/my-page.server';
import { isMultipart } from '~/web/uploads.server';
import { PROFILE_MESSAGES, saveProfileImage } from '~/services/my-page.server';
import { TAGS } from '~/web/api-doc.server';
import { z } from 'zod';

// POST /api/user/edit/image (multipart, field `file`): a new profile picture, checked by content, at most 5 MB.
export const { loader, action } = apiRoute({
  method: 'POST',
  access: 'ANY',
  doc: {
    path: '/api/user/edit/image',
    tag: TAGS.me,
    summary: '프로필 사진 변경',
    description: 'multipart/form-data 의 `file`. JPG, PNG, WEBP, 5MB 이하. 256×256 WebP 로 바꿔 저장합니다.',
    request: { type: 'multipart/form-data', schema: z.object({ file: z.string().openapi({ type: 'string', format: 'binary' }) }) },
    answer: z.object({ profileImage: z.string() }),
    errors: [
      { code: 'INVALID_REQUEST', message: 'multipart/form-data 형식으로 보내 주세요.', status: 400 },
      { code: 'IMAGE_MISSING', message: PROFILE_MESSAGES.imageMissing, status: 400 },
      { code: 'INVALID_IMAGE', message: PROFILE_MESSAGES.imageType, status: 415 },
      { code: 'IMAGE_TOO_LARGE', message: PROFILE_MESSAGES.imageTooLarge, status: 413 },
    ],
  },
  handler: async ({ user, request }) => {
    if (!isMultipart(request)) return apiError('INVALID_REQUEST', 'multipart/form-data 형식으로 보내 주세요.', 400);
    const bytes = await readProfileImageUpload(request, 'file');
    if (!bytes) return apiError('IMAGE_MISSING', PROFILE_MESSAGES.imageMissing, 400);
    const file = await saveProfileImage(user.id, bytes);
    return { profileImage: `/resources/profile-image/${user.id}?v=${file.slice(0, 8)}` };
  },
});
