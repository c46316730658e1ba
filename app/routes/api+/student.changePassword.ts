import { z } from 'zod';
import { passwordField } from '~/auth/account-schemas.server';
import { API_BODY_MAX_BYTES } from '~/lib/api-response.server';
import { apiError, apiRoute } from '~/lib/api.server';
import { SPEC_MESSAGES } from '~/messages';
import { resetStudentPassword } from '~/services/academy-members.server';
import { hasBasicPay } from '~/services/payments/basic-pay.server';

// POST /api/student/changePassword { studentId, password }: a head or teacher resets the password of a student of
// their own academy (spec §7). The student's sessions end. Like the students page, this needs this month's payment.
const body = z.object({ studentId: z.coerce.number().int().positive('studentId가 필요합니다.'), password: passwordField });

export const { loader, action } = apiRoute({
  method: 'POST',
  access: 'ADMIN',
  body,
  maxBytes: API_BODY_MAX_BYTES,
  handler: async ({ user, body }) => {
    if (!(await hasBasicPay(user.organisationId))) return apiError('BASIC_PAY_REQUIRED', SPEC_MESSAGES.basicPayRequired, 403);
    await resetStudentPassword(user, body.studentId, body.password);
    return true;
  },
});
