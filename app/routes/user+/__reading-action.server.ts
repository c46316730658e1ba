import type { SubmissionResult } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod';
import type { ActionFunctionArgs } from '@remix-run/node';
import { json } from '@remix-run/node';
import { z } from 'zod';
import { requireUser } from '~/web/guards.server';
import { BookStatus } from '~/domain/enums';
import { READING_ERRORS } from '~/domain/reading';
import { editLastRecordInput, firstRecordInput, noPageInput, recordInput } from '~/domain/reading-input';
import { isDomainError } from '~/lib/errors';
import { domainErrorResponse, idParam, redirectWithFlash } from '~/web/http.server';
import { editLastRecord, resetClock, saveNoPage, saveRecord, startClock, startReading } from '~/services/reading/records.server';

// The reading page's action: one intent per form, each checked by the reading contract the API doors use too
// (app/domain/reading-input.ts), then one small function per intent.
const intents = z.discriminatedUnion('intent', [
  firstRecordInput.extend({ intent: z.literal('start') }),
  recordInput.extend({ intent: z.literal('record') }),
  editLastRecordInput.extend({ intent: z.literal('edit') }),
  noPageInput.extend({ intent: z.literal('nopage') }),
  z.object({ intent: z.literal('clock-start') }),
  z.object({ intent: z.literal('clock-reset') }),
]);
export type Intent = z.infer<typeof intents>['intent'];
type Input<I extends Intent> = Extract<z.infer<typeof intents>, { intent: I }>;

const FINISHED = '축하해요! 책을 다 읽었어요. 이제 문제 분석을 할 차례예요.';
const finishedOr = (status: number, message: string) => (status === BookStatus.DIAGNOSIS ? FINISHED : message);

/** What each intent does, and the message the page shows after it. */
const run: { [I in Intent]: (userId: number, id: number, input: Input<I>) => Promise<string> } = {
  start: async (userId, id, input) => {
    await startReading(userId, id, { startPage: input.startPage ?? 1 });
    return '읽기를 시작했어요. 오늘 읽은 만큼 기록해 보세요.';
  },
  record: async (userId, id, input) => finishedOr((await saveRecord(userId, id, input)).status, '독서 기록을 저장했어요.'),
  nopage: async (userId, id, input) => finishedOr((await saveNoPage(userId, id, input)).status, '독서 기록을 저장했어요.'),
  edit: async (userId, id, input) => finishedOr((await editLastRecord(userId, id, input)).status, '마지막 기록의 끝 페이지를 고쳤어요.'),
  'clock-start': async (userId, id) => {
    await startClock(userId, id);
    return '시계를 시작했어요. 다 읽으면 종료를 눌러 주세요.';
  },
  'clock-reset': async (userId, id) => {
    await resetClock(userId, id);
    return '시계를 초기화했어요. 기록은 저장되지 않았어요.';
  },
};

/** Service errors that belong to one field; the others are shown above the form. */
const FIELD_OF: Record<string, string> = {
  INVALID_READ_TIME: 'minutes',
  INVALID_READ_DATE: 'readDate',
  INVALID_READ_PAGE: 'endPage',
  INVALID_READ_RANGE: 'endPage',
};

export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireUser(request, { role: 'USER' });
  const id = idParam(params.resultBookId, READING_ERRORS.BOOK_NOT_FOUND);
  const submission = parseWithZod(await request.formData(), { schema: intents });
  const intent = submission.payload.intent as Intent;
  if (!(intent in run)) {
    const result: SubmissionResult<string[]> = { status: 'error', error: { '': [READING_ERRORS.READ_SAVE_FAILED] } };
    return json({ intent: 'record' as Intent, result }, { status: 400 });
  }
  if (submission.status !== 'success') return json({ intent, result: submission.reply() }, { status: 400 });
  let message: string;
  try {
    message = await (run[intent] as (userId: number, id: number, input: z.infer<typeof intents>) => Promise<string>)(
      user.id,
      id,
      submission.value,
    );
  } catch (error) {
    if (!isDomainError(error)) throw error;
    if (error.status === 404) throw domainErrorResponse(error);
    const field = FIELD_OF[error.code];
    return json(
      { intent, result: submission.reply(field ? { fieldErrors: { [field]: [error.message] } } : { formErrors: [error.message] }) },
      { status: 400 },
    );
  }
  return redirectWithFlash(`/user/activity/readingBook/${id}`, message);
}
