import type { ActionFunctionArgs } from '@remix-run/node';
import { z } from 'zod';
import { requireUser } from '~/web/guards.server';
import { BookStatus } from '~/domain/enums';
import { READING_ERRORS, type ReadingIntent } from '~/domain/reading';
import { editLastRecordInput, firstRecordInput, noPageInput, recordInput } from '~/domain/reading-input';
import { formAction } from '~/web/form-action.server';
import { redirectWithFlash } from '~/web/http.server';
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
type Intent = ReadingIntent;
// The page's list of intents and the schema's are the same set.
const _same: [z.infer<typeof intents>['intent']] extends [Intent]
  ? [Intent] extends [z.infer<typeof intents>['intent']]
    ? true
    : never
  : never = true;
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
const FIELDS = {
  INVALID_READ_TIME: 'minutes',
  INVALID_READ_DATE: 'readDate',
  INVALID_READ_PAGE: 'endPage',
  INVALID_READ_RANGE: 'endPage',
} as const;

export async function action(args: ActionFunctionArgs) {
  return formAction(args, {
    guard: ({ request }) => requireUser(request, { role: 'USER' }),
    ids: ['resultBookId'],
    notFound: READING_ERRORS.BOOK_NOT_FOUND,
    schema: intents,
    fields: FIELDS,
    unknownIntent: READING_ERRORS.READ_SAVE_FAILED,
    run: async ({ user, ids: { resultBookId: id }, value }) => {
      const message = await (run[value.intent] as (userId: number, id: number, input: z.infer<typeof intents>) => Promise<string>)(
        user.id,
        id,
        value,
      );
      return redirectWithFlash(`/user/activity/readingBook/${id}`, message);
    },
  });
}
