import { z } from 'zod';
import { parseWithZod } from '~/auth/account-schemas.server';
import { PROBLEM_BANK_MESSAGES as MSG, problemInputErrors, textLines, type ProblemInput } from '~/domain/problem-bank';
import { CATEGORY_CODES, PROBLEM_SET_KINDS, type ProblemCategory } from '~/domain/problems';

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

export const problemSchema = z
  .object({
    examMethod: z.enum(['m', 's'], { required_error: MSG.examMethod, invalid_type_error: MSG.examMethod }),
    question: z.string({ required_error: MSG.question }).trim().min(1, MSG.question).max(1000, MSG.questionLength),
    /** One option per line. */
    options: z.string().optional().transform(textLines),
    correctAnswer: z
      .string()
      .trim()
      .optional()
      .transform((v) => v ?? ''),
    /** One accepted text per line (short answer). */
    acceptedAnswers: z.string().optional().transform(textLines),
    explanation: z.string({ required_error: MSG.explanation }).trim().min(1, MSG.explanation).max(2000, MSG.explanationLength),
    category: z.enum(CATEGORY_CODES as [ProblemCategory, ...ProblemCategory[]], {
      required_error: MSG.category,
      invalid_type_error: MSG.category,
    }),
    points: z.coerce
      .number({ required_error: MSG.points, invalid_type_error: MSG.points })
      .int(MSG.points)
      .min(1, MSG.points)
      .max(100, MSG.points),
  })
  .superRefine((v, ctx) => {
    // The rules between fields (options and answers by exam method); each field's own rule is in its schema above.
    const { options, correctAnswer, acceptedAnswers } = problemInputErrors(v as ProblemInput);
    for (const [path, message] of Object.entries({ options, correctAnswer, acceptedAnswers })) {
      if (message) ctx.addIssue({ code: z.ZodIssueCode.custom, path: [path], message });
    }
  });

export const parseProblemForm = (form: FormData) => parseWithZod(form, { schema: problemSchema });
export const parseNewSetForm = (form: FormData) => parseWithZod(form, { schema: newSetSchema });
export const parseSetDetailsForm = (form: FormData, kind: string) => parseWithZod(form, { schema: setDetailsSchema(kind) });
