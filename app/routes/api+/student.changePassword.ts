import { z } from 'zod';
import { passwordField } from '~/auth/account-schemas.server';
import { API_BODY_MAX_BYTES } from '~/web/api-response.server';
import { apiError, apiRoute } from '~/web/api.server';
import { SPEC_MESSAGES } from '~/messages';
import { resetStudentPassword } from '~/services/academy-members.server';
import { hasBasicPay } from '~/services/payments/basic-pay.server';
import { TAGS } from '~/web/api-doc.server';
import { ACCOUNT_MESSAGES } from '~/services/accounts.server';

// POST /api/student/changePassword { studentId, password }: a head or teacher resets the password of a student of
// their own academy (spec §7). The student's sessions end. Like the students page, this needs this month's payment.
const body = z.object({ studentId: z.coerce.number().int().positive('studentId가 필요합니다.'), password: passwordField });

export const { loader, action } = apiRoute({
  method: 'POST',
  access: 'ADMIN',
  body,
  maxBytes: API_BODY_MAX_BYTES,
  doc: {
    path: '/api/student/changePassword',
    tag: TAGS.me,
    summary: '학생 비밀번호 재설정',
    description:
      '원장이나 선생님이 자기 학원 학생의 비밀번호를 새로 정합니다. 학생의 로그인은 모두 끝납니다. 이번 달 기본 결제가 필요합니다.',
    answer: z.literal(true),
    errors: [
      { code: 'BASIC_PAY_REQUIRED', message: SPEC_MESSAGES.basicPayRequired, status: 403 },
      { code: 'STUDENT_NOT_FOUND', message: ACCOUNT_MESSAGES.notOurStudent, status: 404 },
    ],
  },
  handler: async ({ user, body }) => {
    if (!(await hasBasicPay(user.organisationId))) return apiError('BASIC_PAY_REQUIRED', SPEC_MESSAGES.basicPayRequired, 403);
    await resetStudentPassword(user, body.studentId, body.password);
    return true;
  },
});
