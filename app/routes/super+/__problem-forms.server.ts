import { z } from 'zod';
import type { ItemStatus } from '~/domain/enums';
import { PROBLEM_BANK_MESSAGES as MSG, problemInputErrors, SET_STATUSES, textLines, type ProblemInput } from '~/domain/problem-bank';
import { PROBLEM_SET_KINDS } from '~/domain/problems';
import { positiveInt } from '~/lib/numbers';
import { ProblemBankErrors } from '~/services/operators/problem-sets.server';

// The problem bank's forms (a new set, a set's page, a problem), read on the server. Only these fields are read:
// anything else posted (status, currentVersionId, setId, versionId …) is ignored. The messages sit beside their field.

const optionalText = (max: number, message: string) =>
  z
    .string()
    .trim()
    .max(max, message)
    .optional()
    .transform((v) => v ?? '');

const detailsShape = {
  title: z.string({ required_error: MSG.title }).trim().min(1, MSG.title).max(200, MSG.titleLength),
  description: optionalText(1000, MSG.descriptionLength),
  subject: optionalText(20, MSG.subjectLength),
  passage: optionalText(5000, MSG.passageLength),
  level: z.coerce
    .number({ invalid_type_error: MSG.level })
    .int(MSG.level)
    .min(1, MSG.level)
    .max(10, MSG.level)
    .optional()
    .transform((v) => v ?? null),
};

/** Where the service's refusals of a set's form are shown. */
export const SET_FIELDS = {
  [ProblemBankErrors.BOOK_HAS_SET]: 'bookId',
  [ProblemBankErrors.BOOK_NOT_FOUND]: 'bookId',
  [ProblemBankErrors.SUBJECT_REQUIRED]: 'subject',
} as const;

export const newSetSchema = z
  .object({
    kind: z.enum(PROBLEM_SET_KINDS, { required_error: MSG.kind, invalid_type_error: MSG.kind }),
    bookId: z.coerce
      .number({ invalid_type_error: MSG.book })
      .int(MSG.book)
      .positive(MSG.book)
      .optional()
      .transform((v) => v ?? null),
    ...detailsShape,
  })
  .superRefine((v, ctx) => {
    if (v.kind === 'BOOK_ANALYSIS' && v.bookId === null) ctx.addIssue({ code: z.ZodIssueCode.custom, path: ['bookId'], message: MSG.book });
    if (v.kind === 'SUBJECT_TEST' && v.subject === '')
      ctx.addIssue({ code: z.ZodIssueCode.custom, path: ['subject'], message: MSG.subject });
  });

/** A path-like id a form carries in a hidden field; a missing or bad one is refused with `message`. */
const idField = (message: string) =>
  z.preprocess((v) => positiveInt(v) ?? undefined, z.number({ required_error: message, invalid_type_error: message }));

const PROBLEM_MISSING = '문제를 찾을 수 없습니다.';

/**
 * The set page's forms: its details (whose subject a subject test needs: the service's rule, as the set's kind is
 * stored), its status, and the draft's buttons (start, publish, discard, delete, move).
 */
export const setPageSchema = z.discriminatedUnion('intent', [
  z.object({ intent: z.literal('details'), ...detailsShape }),
  z.object({
    intent: z.literal('status'),
    status: z.coerce
      .number({ required_error: MSG.status, invalid_type_error: MSG.status })
      .refine((s) => (SET_STATUSES as readonly number[]).includes(s), MSG.status)
      .transform((s) => s as ItemStatus),
  }),
  z.object({ intent: z.literal('edit') }),
  z.object({ intent: z.literal('publish'), version: idField('게시할 초안을 찾을 수 없습니다. 화면을 새로 고쳐 주세요.') }),
  z.object({ intent: z.literal('discard'), version: idField('버릴 초안을 찾을 수 없습니다. 화면을 새로 고쳐 주세요.') }),
  z.object({ intent: z.literal('delete'), problemId: idField(PROBLEM_MISSING) }),
  z.object({ intent: z.literal('up'), problemId: idField(PROBLEM_MISSING), order: idField(PROBLEM_MISSING) }),
  z.object({ intent: z.literal('down'), problemId: idField(PROBLEM_MISSING), order: idField(PROBLEM_MISSING) }),
]);

/** A set page's post whose intent is none of its forms. */
export const SET_PAGE_UNKNOWN = '요청을 처리할 수 없습니다.';

const text = z
  .string()
  .optional()
  .transform((v) => (v ?? '').trim());

const problemFields = z.object({
  examMethod: text,
  question: text,
  /** One option per line. */
  options: z.string().optional().transform(textLines),
  correctAnswer: text,
  /** One accepted text per line (short answer). */
  acceptedAnswers: z.string().optional().transform(textLines),
  explanation: text,
  category: text,
  points: text.transform((v) => (/^\d{1,3}$/.test(v) ? Number(v) : Number.NaN)),
});

/** The problem's rules (app/domain/problem-bank.ts) give each field its message, all at once. */
function checkedProblem(v: z.infer<typeof problemFields>, ctx: z.RefinementCtx): ProblemInput {
  const input = v as ProblemInput;
  const errors = problemInputErrors(input);
  for (const [path, message] of Object.entries(errors)) ctx.addIssue({ code: z.ZodIssueCode.custom, path: [path], message });
  return Object.keys(errors).length ? z.NEVER : input;
}

/**
 * A problem: every field is read as text, then the problem's rules give each field its message, all at once, so one
 * round trip shows everything to fix.
 */
export const problemSchema = problemFields.transform(checkedProblem);

/** A new problem with the position its form was shown for (so posting it twice adds it once). */
export const newProblemSchema = problemFields
  .extend({ position: z.preprocess((v) => positiveInt(v) ?? 0, z.number()) })
  .transform(({ position, ...fields }, ctx) => ({ position, problem: checkedProblem(fields, ctx) }));

/** Who changed the problem bank and from where, for the audit trail. */
