import { z } from 'zod';
import { isCareerFieldCode, isGenreCode, normaliseIsbn } from './catalogue';

// One book as the catalogue takes it: the rules of the book form (super area) and of each row of a bulk import, so a
// book is checked the same way whichever door it comes in by. Used on the server only (loaders, actions, services):
// no page runs zod in the browser.

export const BOOK_INPUT_MESSAGES = {
  titleRequired: '제목을 입력해 주세요.',
  titleTooLong: '제목은 200자 이하로 입력해 주세요.',
  authorRequired: '지은이를 입력해 주세요.',
  authorTooLong: '지은이는 100자 이하로 입력해 주세요.',
  publisherRequired: '출판사를 입력해 주세요.',
  publisherTooLong: '출판사는 100자 이하로 입력해 주세요.',
  isbnInvalid: 'ISBN을 정확히 입력해 주세요. (13자리 또는 10자리)',
  pagesRequired: '쪽수를 입력해 주세요.',
  pagesNumber: '쪽수는 숫자로 입력해 주세요.',
  pagesMin: '쪽수는 1쪽 이상이어야 합니다.',
  pagesMax: '쪽수는 5000쪽 이하로 입력해 주세요.',
  levelRequired: '읽기 수준을 선택해 주세요.',
  genreRequired: '장르를 선택해 주세요.',
  summaryTooLong: '소개는 2000자 이하로 입력해 주세요.',
} as const;

const M = BOOK_INPUT_MESSAGES;

export const bookSchema = z.object({
  title: z.string({ required_error: M.titleRequired }).trim().min(1, M.titleRequired).max(200, M.titleTooLong),
  author: z.string({ required_error: M.authorRequired }).trim().min(1, M.authorRequired).max(100, M.authorTooLong),
  publisher: z.string({ required_error: M.publisherRequired }).trim().min(1, M.publisherRequired).max(100, M.publisherTooLong),
  isbn: z
    .string()
    .trim()
    .optional()
    .transform((v, ctx) => {
      if (!v) return null;
      const isbn = normaliseIsbn(v);
      if (!isbn) {
        ctx.addIssue({ code: z.ZodIssueCode.custom, message: M.isbnInvalid });
        return z.NEVER;
      }
      return isbn;
    }),
  // An empty field is "required", anything else not a number "a number".
  totalPages: z.preprocess(
    (v) => (v === undefined || v === null || v === '' ? undefined : Number(v)),
    z
      .number({ required_error: M.pagesRequired, invalid_type_error: M.pagesNumber })
      .int(M.pagesNumber)
      .min(1, M.pagesMin)
      .max(5000, M.pagesMax),
  ),
  level: z.coerce
    .number({ required_error: M.levelRequired, invalid_type_error: M.levelRequired })
    .int(M.levelRequired)
    .min(1, M.levelRequired)
    .max(10, M.levelRequired),
  genre: z.string({ required_error: M.genreRequired }).refine(isGenreCode, M.genreRequired),
  careerFields: z
    .array(z.string())
    .optional()
    .transform((v) => [...new Set((v ?? []).filter(isCareerFieldCode))]),
  summary: z.string().trim().max(2000, M.summaryTooLong).optional().default(''),
});

export type BookInputValue = z.infer<typeof bookSchema>;
