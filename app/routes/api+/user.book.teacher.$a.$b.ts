import { z } from 'zod';
import { TAGS } from '~/web/api-doc.server';
import { apiError, apiRoute } from '~/web/api.server';
import { SPEC_MESSAGES } from '~/messages';
import { ASSIGNABLE_READ_METHODS, ASSIGNMENT_MESSAGES, setReadMethod } from '~/services/assignments.server';
import { hasBasicPay } from '~/services/payments/basic-pay.server';
import { BOOK_NOT_FOUND } from './__reading.server';

// POST /api/user/book/teacher/{resultBookId}/{readMethod}: the teacher's part of the reading calls (spec §7, beside
// `read` and `reading`; docs/decisions/027): a head or teacher sets the read method of a student's book, the step
// without which the student's records fail with READ_METHOD_NOT_FOUND. The same service and rules as the student's
// books page in the academy area: students of the caller's own academy (a teacher's own classes) only, otherwise
// BOOK_NOT_FOUND; only while the reading has not ended (READING_OVER 409); EXCLUDE books refused (BOOK_EXCLUDED
// 409); {b} is a read method the teacher may choose (0 NONE "decide later", 1–7, 100; INVALID_READ_METHOD 400);
// needs this month's basic payment like the page. No body.
const answer = z.object({
  resultBookId: z.number().int(),
  readMethod: z
    .number()
    .int()
    .describe(`읽기 방식 (${ASSIGNABLE_READ_METHODS.join(', ')})`),
  readMethodLabel: z.string(),
});

const BASIC_PAY_REQUIRED = { code: 'BASIC_PAY_REQUIRED', message: SPEC_MESSAGES.basicPayRequired, status: 403 };

export const { loader, action } = apiRoute({
  method: 'POST',
  access: 'ADMIN',
  ids: ['a'],
  notFound: BOOK_NOT_FOUND,
  doc: {
    path: '/api/user/book/teacher/{a}/{b}',
    tag: TAGS.reading,
    summary: '선생님의 읽기 방식 설정',
    description:
      '학원 원장·선생님이 학생 도서 {a} (resultBookId) 의 읽기 방식을 {b} 로 정합니다 (0 나중에 정하기, 1–7, 100). 읽기가 끝나기 전 (WAITING, PRE_ACTIVITY_COMPLETE, ACTIVITY) 에만 바꿀 수 있습니다. 본문 없음.',
    answer,
    errors: [
      { code: 'INVALID_READ_METHOD', message: ASSIGNMENT_MESSAGES.invalidReadMethod, status: 400 },
      BASIC_PAY_REQUIRED,
      { code: 'BOOK_EXCLUDED', message: ASSIGNMENT_MESSAGES.excluded, status: 409 },
      { code: 'READING_OVER', message: ASSIGNMENT_MESSAGES.readingOver, status: 409 },
    ],
  },
  handler: async ({ user, ids, params }) => {
    if (!(await hasBasicPay(user.organisationId)))
      return apiError(BASIC_PAY_REQUIRED.code, BASIC_PAY_REQUIRED.message, BASIC_PAY_REQUIRED.status);
    const { resultBookId, readMethod, label } = await setReadMethod(user, ids.a, params.b ?? '');
    return { resultBookId, readMethod, readMethodLabel: label };
  },
});
