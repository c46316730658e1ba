import { z } from 'zod';
import { parseWithZod } from '~/auth/account-schemas.server';
import { PROBLEM_BANK_MESSAGES as MSG, problemInputErrors, textLines, type ProblemInput } from '~/domain/problem-bank';
import { PROBLEM_SET_KINDS } from '~/domain/problems';

// The problem bank's forms (a new set, a set's details, a problem), read on the server. Only these fields are read:
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

/** A set's details as the edit form posts them; which of them the set keeps depends on its kind (the service's rule). */
export const setDetailsSchema = (kind: string) =>
  z.object(detailsShape).superRefine((v, ctx) => {
    if (kind === 'SUBJECT_TEST' && v.subject === '') ctx.addIssue({ code: z.ZodIssueCode.custom, path: ['subject'], message: MSG.subject });
  });

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

const text = z
  .string()
  .optional()
  .transform((v) => (v ?? '').trim());

/**
 * A problem: every field is read as text, then the problem's rules (app/domain/problem-bank.ts) give each field its
 * message, all at once, so one round trip shows everything to fix.
 */
export const problemSchema = z
  .object({
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
  })
  .transform((v, ctx) => {
    const input = v as ProblemInput;
    const errors = problemInputErrors(input);
    for (const [path, message] of Object.entries(errors)) ctx.addIssue({ code: z.ZodIssueCode.custom, path: [path], message });
    return Object.keys(errors).length ? z.NEVER : input;
  });

export const parseProblemForm = (form: FormData) => parseWithZod(form, { schema: problemSchema });
export const parseNewSetForm = (form: FormData) => parseWithZod(form, { schema: newSetSchema });
export const parseSetDetailsForm = (form: FormData, kind: string) => parseWithZod(form, { schema: setDetailsSchema(kind) });
