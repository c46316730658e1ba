import { apiError, apiRoute } from '~/lib/api.server';
import { SPEC_MESSAGES } from '~/messages';
import { setReadMethod } from '~/services/assignments.server';
import { hasBasicPay } from '~/services/payments/basic-pay.server';
import { BOOK_NOT_FOUND } from './__reading.server';

// POST /api/user/book/teacher/{resultBookId}/{readMethod}: the teacher's part of the reading calls (spec §7, beside
// `read` and `reading`; docs/decisions/027): a head or teacher sets the read method of a student's book, the step
// without which the student's records fail with READ_METHOD_NOT_FOUND. The same service and rules as the student's
// books page in the academy area: students of the caller's own academy (a teacher's own classes) only, otherwise
// BOOK_NOT_FOUND; only while the reading has not ended (READING_OVER 409); EXCLUDE books refused (BOOK_EXCLUDED
// 409); {b} is a read method the teacher may choose (0 NONE "decide later", 1–7, 100; INVALID_READ_METHOD 400);
// needs this month's basic payment like the page. No body.
export const { loader, action } = apiRoute({
  method: 'POST',
  access: 'ADMIN',
  ids: ['a'],
  notFound: BOOK_NOT_FOUND,
  handler: async ({ user, ids, params }) => {
    if (!(await hasBasicPay(user.organisationId))) return apiError('BASIC_PAY_REQUIRED', SPEC_MESSAGES.basicPayRequired, 403);
    const { resultBookId, readMethod, label } = await setReadMethod(user, ids.a, params.b ?? '');
    return { resultBookId, readMethod, readMethodLabel: label };
  },
});
