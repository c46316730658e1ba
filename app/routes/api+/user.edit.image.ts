import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { allowMethods, apiData, apiError, handleApi, requireApiUser } from '~/auth/api.server';
import { readImageUpload } from '~/auth/my-page.server';
import { PROFILE_MESSAGES, saveProfileImage } from '~/services/my-page.server';

// POST /api/user/edit/image (multipart, field `file`): a new profile picture, checked by content, at most 5 MB.
export const loader = ({ request }: LoaderFunctionArgs) => handleApi(async () => allowMethods(request, 'POST') as never);

export const action = ({ request }: ActionFunctionArgs) =>
  handleApi(async () => {
    allowMethods(request, 'POST');
    const user = await requireApiUser(request);
    if (!(request.headers.get('Content-Type') ?? '').startsWith('multipart/form-data')) {
      return apiError('INVALID_REQUEST', 'multipart/form-data 형식으로 보내 주세요.', 400);
    }
    const { bytes } = await readImageUpload(request, 'file');
    if (!bytes) return apiError('IMAGE_MISSING', PROFILE_MESSAGES.imageMissing, 400);
    const file = await saveProfileImage(user.id, bytes);
    return apiData({ profileImage: `/resources/profile-image/${user.id}?v=${file.slice(0, 8)}` });
  });
