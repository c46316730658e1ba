import { and, desc, eq, ne, sql } from 'drizzle-orm';
import type { Executor, Tx } from '~/db/client.server';
import { storage } from '../storage.server';
import { db } from '~/db/client.server';
import { books, readingEvents, resultBooks, users } from '~/db/schema';
import { isReadable, progressOf, READING_ERRORS, type Progress, type ReadingErrorCode } from '~/domain/reading';
import { BookStatus, ReadingEvent, ReadMethod } from '~/domain/enums';
import { DomainError } from '~/lib/errors';
import { advanceStatusOrThrow } from '../book-status.server';
import { bookCatalogueColumns } from '../library.server';
import { qualified } from '~/db/sql-helpers.server';
import { z } from 'zod';
import { bookCatalogueFields, bookStatus, isoDate, readMethod } from '~/domain/api-schemas.server';

// A student's result book with its reading totals (one query, whatever the number of records), the locks every
// reading change takes first (the student's row, then the result book's row, so a student's concurrent requests are
// serialised), and the moves every change shares: making a book current, completing a session.

export const READING_ERROR_STATUS: Partial<Record<ReadingErrorCode, number>> = {
  BOOK_NOT_FOUND: 404,
  READ_SAVE_FAILED: 409,
  INVALID_BOOK_STATUS: 409,
  BEFORE_READING_REQUIRED: 409,
  CLOCK_NOT_STARTED: 409,
};

export function readingError(code: ReadingErrorCode): DomainError {
  return new DomainError(code, READING_ERRORS[code], READING_ERROR_STATUS[code] ?? 400);
}

/** Longest reading the clock will count (a clock left running overnight is capped). */
export const CLOCK_MAX_MINUTES = 240;

export const MAX_TYPED_MINUTES = 600;

const lastPageSql =
  sql<number>`coalesce((select max(rr.end_page) from reading_records rr where rr.result_book_id = ${qualified(resultBooks.id)}), 0)`.mapWith(
    Number,
  );

const recordCountSql =
  sql<number>`(select count(*) from reading_records rr where rr.result_book_id = ${qualified(resultBooks.id)})`.mapWith(Number);

const minutesSql =
  sql<number>`(coalesce((select sum(rr.minutes) from reading_records rr where rr.result_book_id = ${qualified(resultBooks.id)}), 0) + coalesce((select sum(np.minutes) from no_page_progress np where np.result_book_id = ${qualified(resultBooks.id)}), 0))`.mapWith(
    Number,
  );

const lastIndexSql =
  sql<number>`coalesce((select max(np.section_index) from no_page_progress np where np.result_book_id = ${qualified(resultBooks.id)}), 0)`.mapWith(
    Number,
  );

/** A result book's reading totals as columns of a query over result_books (reports select them beside their own). */
export const readingTotalsColumns = { lastPage: lastPageSql, records: recordCountSql, minutes: minutesSql, lastIndex: lastIndexSql };

export const bookRowFields = {
  resultBookId: resultBooks.id,
  userId: resultBooks.userId,
  bookId: resultBooks.bookId,
  status: resultBooks.status,
  readMethod: resultBooks.readMethod,
  isCurrent: resultBooks.isCurrent,
  startPage: resultBooks.startPage,
  assignedAt: resultBooks.assignedAt,
  statusChangedAt: resultBooks.statusChangedAt,
  completedAt: resultBooks.completedAt,
  ...bookCatalogueColumns,
  careerFields: books.careerFields,
  coverColor: books.coverColor,
  /** Set when the catalogue holds an uploaded cover (the page then requests it instead of drawing one). */
  coverImage: books.coverImage,
  summary: books.summary,
  lastPage: lastPageSql,
  records: recordCountSql,
  minutes: minutesSql,
  lastIndex: lastIndexSql,
};

export function withProgress<
  T extends { readMethod: ReadMethod; totalPages: number; lastPage: number; records: number; minutes: number; lastIndex: number },
>(row: T): Omit<T, 'lastPage' | 'records' | 'minutes' | 'lastIndex'> & { progress: Progress } {
  const { lastPage, records, minutes, lastIndex, ...rest } = row;
  return {
    ...rest,
    progress: progressOf(row.readMethod, row.totalPages, { lastPage, records, minutes, lastIndex }),
  };
}

async function selectBook(executor: Executor, userId: number, resultBookId: number) {
  const [row] = await executor
    .select(bookRowFields)
    .from(resultBooks)
    .innerJoin(books, eq(books.id, resultBooks.bookId))
    .where(and(eq(resultBooks.id, resultBookId), eq(resultBooks.userId, userId)));
  return row;
}

/** The JSON API's shape of `Progress` (domain/reading.ts). */
export const progressAnswer = z.object({
  readMethod,
  totalPages: z.number().int(),
  lastPage: z.number().int(),
  minutes: z.number().int(),
  sessionsDone: z.number().int(),
  sessionsPlanned: z.number().int().nullable(),
  lastIndex: z.number().int(),
  percent: z.number(),
  complete: z.boolean(),
  label: z.string(),
});

/** The JSON API's shape of `getReadingBook`'s value. */
export const readingBookAnswer = z.object({
  resultBookId: z.number().int(),
  userId: z.number().int(),
  bookId: z.number().int(),
  status: bookStatus,
  readMethod,
  isCurrent: z.boolean(),
  startPage: z.number().int().nullable(),
  assignedAt: isoDate,
  statusChangedAt: isoDate,
  completedAt: isoDate.nullable(),
  ...bookCatalogueFields,
  careerFields: z.array(z.string()),
  coverColor: z.string(),
  /** The uploaded cover's stored name, or null for the generated one; the picture itself is /resources/covers/{bookId}. */
  coverImage: z.string().nullable(),
  summary: z.string(),
  progress: progressAnswer,
});

/** One of the student's books (never an excluded one), with its progress. Throws BOOK_NOT_FOUND. */
export async function getReadingBook(userId: number, resultBookId: number, executor: Executor = db()) {
  const row = Number.isInteger(resultBookId) ? await selectBook(executor, userId, resultBookId) : undefined;
  if (!row || row.status === BookStatus.EXCLUDE) throw readingError('BOOK_NOT_FOUND');
  return withProgress(row);
}

/** Locks the student's row, then the result book's row, inside `tx`, and returns the book with its totals. */
export async function lockBook(tx: Tx, userId: number, resultBookId: number) {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
  const [locked] = await tx
    .select({ id: resultBooks.id })
    .from(resultBooks)
    .where(and(eq(resultBooks.id, resultBookId), eq(resultBooks.userId, userId)))
    .for('update');
  if (!locked) throw readingError('BOOK_NOT_FOUND');
  const row = await selectBook(tx, userId, resultBookId);
  if (!row || row.status === BookStatus.EXCLUDE) throw readingError('BOOK_NOT_FOUND');
  return withProgress(row);
}

export function requireMethod(readMethod: ReadMethod) {
  if (!isReadable(readMethod)) throw readingError('READ_METHOD_NOT_FOUND');
}

/** Makes a book the student's current one; another current book keeps its status and stops being current. */
export async function makeCurrent(tx: Tx, userId: number, resultBookId: number) {
  await tx
    .update(resultBooks)
    .set({ isCurrent: false })
    .where(and(eq(resultBooks.userId, userId), eq(resultBooks.isCurrent, true), ne(resultBooks.id, resultBookId)));
  await tx
    .update(resultBooks)
    .set({ isCurrent: true })
    .where(and(eq(resultBooks.id, resultBookId), eq(resultBooks.status, BookStatus.ACTIVITY)));
}

/**
 * When the read method's goal is met, the reading session is complete: ACTIVITY → DIAGNOSIS (guarded, once) and the
 * book stops being current. Runs inside the transaction that saved the record.
 */
export async function completeIfDone(tx: Tx, userId: number, resultBookId: number): Promise<{ complete: boolean; status: BookStatus }> {
  const book = withProgress((await selectBook(tx, userId, resultBookId))!);
  if (!book.progress.complete || book.status !== BookStatus.ACTIVITY) {
    return { complete: book.progress.complete, status: book.status };
  }
  await advanceStatusOrThrow(resultBookId, BookStatus.ACTIVITY, tx);
  await tx.update(resultBooks).set({ isCurrent: false }).where(eq(resultBooks.id, resultBookId));
  return { complete: true, status: BookStatus.DIAGNOSIS };
}

export const clockAnswer = z.object({ running: z.boolean(), startedAt: z.string().datetime().nullable() });
export type ClockState = z.infer<typeof clockAnswer>;

export async function clockOf(executor: Executor, resultBookId: number): Promise<{ running: boolean; startedAt: Date | null }> {
  const [last] = await executor
    .select({ event: readingEvents.event, at: readingEvents.at })
    .from(readingEvents)
    .where(eq(readingEvents.resultBookId, resultBookId))
    .orderBy(desc(readingEvents.id))
    .limit(1);
  return last?.event === ReadingEvent.READ_START ? { running: true, startedAt: last.at } : { running: false, startedAt: null };
}

/** The status the book has: used by tests and the API's bookResult. */
export const bookResultAnswer = z.object({ resultBookId: z.number().int(), bookId: z.number().int(), status: bookStatus, readMethod });

export async function getBookResult(userId: number, resultBookId: number): Promise<z.infer<typeof bookResultAnswer>> {
  const book = await getReadingBook(userId, resultBookId);
  return { resultBookId: book.resultBookId, bookId: book.bookId, status: book.status, readMethod: book.readMethod };
}

/** What the generated cover needs (public: covers carry no personal data). */
export async function getCoverBook(bookId: number) {
  const [row] = await db()
    .select({ title: books.title, author: books.author, coverColor: books.coverColor, coverImage: books.coverImage })
    .from(books)
    .where(eq(books.id, bookId));
  return row ?? null;
}

/** The bytes of an uploaded cover (storage key `covers/<uuid>.jpg`), or null when the object is missing. */
export async function readStoredCover(key: string) {
  if (!/^covers\/[0-9a-f-]{36}\.jpg$/.test(key)) return null;
  const stored = await storage().get(key);
  return stored?.bytes ?? null;
}
