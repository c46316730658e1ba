import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { z } from 'zod';
import { allowMethods, apiData, apiError, handleApi, readJson, requireApiUser } from '~/auth/api.server';
import { passwordField } from '~/auth/account-schemas.server';
import { SPEC_MESSAGES } from '~/messages';
import { resetStudentPassword } from '~/services/academy-members.server';
import { hasBasicPay } from '~/services/payments.server';

// POST /api/student/changePassword { studentId, password }: a head or teacher resets the password of a student of
// their own academy (spec §7). The student's sessions end.
const schema = z.object({ studentId: z.coerce.number().int().positive('studentId가 필요합니다.'), password: passwordField });

export const loader = ({ request }: LoaderFunctionArgs) => handleApi(async () => allowMethods(request, 'POST') as never);

export const action = ({ request }: ActionFunctionArgs) =>
  handleApi(async () => {
    allowMethods(request, 'POST');
    const user = await requireApiUser(request, { role: 'ADMIN' });
    // Like the students page, this needs this month's basic payment.
    if (!(await hasBasicPay(user.organisationId))) throw apiError('BASIC_PAY_REQUIRED', SPEC_MESSAGES.basicPayRequired, 403);
    const body = await readJson(request, schema);
    await resetStudentPassword(user, body.studentId, body.password);
    return apiData(true);
  });
