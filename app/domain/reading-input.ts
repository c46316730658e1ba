import { z } from 'zod';
import { READING_ERRORS, type ReadingErrorCode } from './reading';

// The input contract of each reading action (spec §5, §8), defined once: the reading page's forms and every API door
// (bookDayRead, bookDayRead/first, book/read, book/reading, read/no-page) parse with these schemas, so the same bad
// record gets the same code and Korean message whichever way it comes. A door only renames its wire fields
// (`start` → startPage …) before the contract. The rules that need the book (its total pages, the previous record,
// the read method) stay in the reading services. No server imports here.

const M = READING_ERRORS;

/** Form fields arrive as strings, JSON as numbers: '' and null are "not given", anything else is read as a number. */
const toNumber = (v: unknown) => (v === '' || v === null || v === undefined ? undefined : typeof v === 'string' ? Number(v) : v);
/** A checkbox sends 'on'; JSON sends true; form-encoded API calls send 'true' or '1'. */
const toBool = (v: unknown) => v === true || v === 'true' || v === 'on' || v === '1' || v === 1;

/** A page (or section) number: a whole number from 1; above any book's length it is beyond the total. */
const pageNumber = z.preprocess(
  toNumber,
  z
    .number({ required_error: M.INVALID_READ_PAGE, invalid_type_error: M.INVALID_READ_PAGE })
    .int(M.INVALID_READ_PAGE)
    .min(1, M.INVALID_READ_PAGE)
    .max(99_999, M.INVALID_READ_TOTAL_OVER),
);
/** Typed minutes, 1–600 (CLOCK ignores them: the server's clock decides). */
const minutes = z.preprocess(
  toNumber,
  z
    .number({ invalid_type_error: M.INVALID_READ_TIME })
    .int(M.INVALID_READ_TIME)
    .min(1, M.INVALID_READ_TIME)
    .max(600, M.INVALID_READ_TIME)
    .optional(),
);
/** 'YYYY-MM-DD' on the Seoul calendar (today when absent; the service refuses a future day). */
const readDate = z.preprocess(
  (v) => (v === '' || v === null ? undefined : v),
  z
    .string({ invalid_type_error: M.INVALID_READ_DATE })
    .regex(/^\d{4}-\d{2}-\d{2}$/, M.INVALID_READ_DATE)
    .optional(),
);
/** The idempotency key of one submission: a double submit saves one record. */
const submissionKey = z
  .string({ required_error: M.READ_SAVE_FAILED, invalid_type_error: M.READ_SAVE_FAILED })
  .min(8, M.READ_SAVE_FAILED)
  .max(100, M.READ_SAVE_FAILED);
const flag = z.preprocess(toBool, z.boolean());

/** The first record (bookDayRead/first): where the reading starts; page 1 when not given. */
export const firstRecordInput = z.object({ startPage: pageNumber.optional() });

/** A reading record under FREE, M_3_3…M_3_6, HUNDRED or CLOCK (bookDayRead, book/read/{id}/20). */
export const recordInput = z.object({
  submissionKey,
  startPage: pageNumber,
  endPage: pageNumber,
  minutes,
  readDate,
  isRepeat: flag.optional(),
  weak: flag.optional(),
});

/** The end page of the last record, corrected (bookDayRead with isChange). */
export const editLastRecordInput = z.object({ endPage: pageNumber });

/** Progress of a book without page numbers (read/no-page): the section reached and the minutes. */
export const noPageInput = z.object({ submissionKey, index: pageNumber, minutes, readDate });

/** The reading clock's events (spec ReadingEvent): READ_START 10, READ_END 20 (a record), RESET 999. */
export const CLOCK_EVENTS = { start: 10, end: 20, reset: 999 } as const;
export const clockEventInput = z.preprocess(
  toNumber,
  z.union([z.literal(CLOCK_EVENTS.start), z.literal(CLOCK_EVENTS.end), z.literal(CLOCK_EVENTS.reset)], {
    errorMap: () => ({ message: M.READ_SAVE_FAILED }),
  }),
);

export type FirstRecordInput = z.infer<typeof firstRecordInput>;
export type RecordInputValue = z.infer<typeof recordInput>;
export type NoPageInputValue = z.infer<typeof noPageInput>;

const CODE_OF_MESSAGE = new Map(Object.entries(M).map(([code, message]) => [message as string, code as ReadingErrorCode]));

/** The code of a contract's refusal: every message above is one of READING_ERRORS, one text per code. */
export function readingIssueCode(message: string): ReadingErrorCode {
  return CODE_OF_MESSAGE.get(message) ?? 'READ_SAVE_FAILED';
}
