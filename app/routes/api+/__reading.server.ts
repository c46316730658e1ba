import { z } from 'zod';
import { READING_ERRORS } from '~/domain/reading';
import { readingIssueCode } from '~/domain/reading-input';
import type { ApiFailure } from '~/web/api.server';
import { READING_ERROR_STATUS } from '~/services/reading/books.server';

// What the reading calls (spec §7 "Activity and reading") share: the answer to a bad result book id, and the code of
// a body that breaks its reading contract (the same code and message the reading page shows).

export const BOOK_NOT_FOUND: ApiFailure = { code: 'BOOK_NOT_FOUND', message: READING_ERRORS.BOOK_NOT_FOUND, status: 404 };
export const READ_SAVE_FAILED: ApiFailure = { code: 'READ_SAVE_FAILED', message: READING_ERRORS.READ_SAVE_FAILED };

export const readingBodyError = (issue: z.ZodIssue): ApiFailure => {
  const code = readingIssueCode(issue.message);
  return { code, message: READING_ERRORS[code] };
};

/**
 * What a call that records reading can answer besides BOOK_NOT_FOUND: every reading failure with the status its
 * service gives it, and READ_SAVE_FAILED 400 for a body that cannot be read (the contract's codes are 400 too).
 */
export const READING_WRITE_FAILURES: ApiFailure[] = [
  READ_SAVE_FAILED,
  ...(Object.keys(READING_ERRORS) as (keyof typeof READING_ERRORS)[]).map((code) => ({
    code,
    message: READING_ERRORS[code],
    status: READING_ERROR_STATUS[code] ?? 400,
  })),
];

/** The reading calls of one result book: a student's, its id in the path as `{id}` (or `{a}`). */
export const readingBook = (param: 'id' | 'a' = 'id') =>
  ({ access: 'USER', ids: [param], notFound: BOOK_NOT_FOUND, unreadable: READ_SAVE_FAILED, bodyError: readingBodyError }) as const;

/** `date`, `time`… as the wire names them; a field that is not there stays undefined for the contract. */
export const field = (body: unknown, name: string): unknown =>
  body && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>)[name] : undefined;

/** The submission key a client may send as a header instead of a body field. */
export const idempotencyKey = (request: Request) => request.headers.get('Idempotency-Key') ?? undefined;

/**
 * How the reading calls that save a record describe their key: `submissionKey` in the body or the Idempotency-Key
 * header, one of the two required (without either: 400 READ_SAVE_FAILED); the same key saves once.
 */
export const SUBMISSION_KEY_NOTE =
  '필수: 이 저장의 고유 키. 본문의 submissionKey 나 Idempotency-Key 헤더 중 하나로 보냅니다 (둘 다 없으면 400 READ_SAVE_FAILED). 같은 키는 한 번만 저장됩니다.';
export const submissionKeyField = z.string().min(1).max(100).optional().describe(SUBMISSION_KEY_NOTE);
export const submissionKeyHeader = z.object({
  'Idempotency-Key': z.string().min(1).max(100).optional().describe(SUBMISSION_KEY_NOTE),
});
