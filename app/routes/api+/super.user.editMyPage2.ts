import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { z } from 'zod';
import { allowMethods, apiData, handleApi, readJson, requireApiUser } from '~/auth/api.server';
import { passwordField } from '~/auth/account-schemas.server';
import { changePassword } from '~/services/my-page.server';

// POST /api/super/user/editMyPage2 { password, newPassword }: changes the password; other sessions end.
const schema = z.object({ password: z.string().min(1, '현재 비밀번호를 입력해 주세요.').max(200), newPassword: passwordField });

export const loader = ({ request }: LoaderFunctionArgs) => handleApi(async () => allowMethods(request, 'POST') as never);

export const action = ({ request }: ActionFunctionArgs) =>
  handleApi(async () => {
    allowMethods(request, 'POST');
    const user = await requireApiUser(request);
    const body = await readJson(request, schema);
    await changePassword(user, body, user.familyId);
    return apiData(true);
  });
