import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { z } from 'zod';
import { allowMethods, apiData, handleApi, readJson, requireApiUser } from '~/auth/api.server';
import { emailField, nameField } from '~/auth/account-schemas.server';
import { updateProfile } from '~/services/my-page.server';

// POST /api/super/user/editMyPage { userName, userEmail }: the signed-in user's name and email (any role).
const schema = z.object({ userName: nameField, userEmail: z.union([emailField, z.literal(''), z.null()]) });

export const loader = ({ request }: LoaderFunctionArgs) => handleApi(async () => allowMethods(request, 'POST') as never);

export const action = ({ request }: ActionFunctionArgs) =>
  handleApi(async () => {
    allowMethods(request, 'POST');
    const user = await requireApiUser(request);
    const body = await readJson(request, schema);
    await updateProfile(user.id, { name: body.userName, email: body.userEmail || null });
    return apiData(true);
  });
