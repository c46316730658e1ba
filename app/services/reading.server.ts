import { DEFAULT_LEVEL, recommendationRows } from '~/services/library.server';
import { and, asc, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Executor, Tx } from '~/db/client.server';
import { db } from '~/db/client.server';
import {
  beforeReadingAnswers,
  books,
  noPageProgress,
  readingEvents,
  readingRecords,
  resultBooks,
  users,
  type NoPageProgress,
  type ReadingRecord,
} from '~/db/schema';
import {
  EMPTY_READ_TIME_RESULT,
  isReadable,
  progressOf,
  READING_ERRORS,
  SESSION_COUNTS,
  VISIBLE_STATUSES,
  type Progress,
  type ReadingErrorCode,
} from '~/domain/reading';
import { BookStatus, ItemStatus, ReadingEvent, ReadMethod } from '~/domain/enums';
import { now } from '~/lib/clock.server';
import { seoulDay } from '~/lib/dates';
import { DomainError } from '~/lib/errors';
import { advanceStatus, advanceStatusOrThrow } from './book-status.server';
import { qualified } from '~/db/sql-helpers.server';

// The student's reading journey (product.md §2; spec §3–§5, §8): the activity overview, the before-reading
// activity, reading records under each read method, the reading clock, books without pages, and completion.
// Every change runs in one transaction that first locks the student's row and then the result book's row, so that
// a student's concurrent requests are serialised (no skipped or repeated steps, one record per submission key).

const STATUS_HTTP: Partial<Record<ReadingErrorCode, number>> = {
  BOOK_NOT_FOUND: 404,
  READ_SAVE_FAILED: 409,
  INVALID_BOOK_STATUS: 409,
  BEFORE_READING_REQUIRED: 409,
  CLOCK_NOT_STARTED: 409,
};

export function readingError(code: ReadingErrorCode): DomainError {
  return new DomainError(code, READING_ERRORS[code], STATUS_HTTP[code] ?? 400);
}

/** Longest reading the clock will count (a clock left running overnight is capped). */
export const CLOCK_MAX_MINUTES = 240;
export const MAX_TYPED_MINUTES = 600;

// ---------------------------------------------------------------------------------------------------------------
// Reading a result book with its totals (one query, whatever the number of records)

const lastPageSql = sql<number>`coalesce((select max(rr.end_page) from reading_records rr where rr.result_book_id = ${qualified(resultBooks.id)}), 0)`.mapWith(Number);
const recordCountSql = sql<number>`(select count(*) from reading_records rr where rr.result_book_id = ${qualified(resultBooks.id)})`.mapWith(Number);
const minutesSql = sql<number>`(coalesce((select sum(rr.minutes) from reading_records rr where rr.result_book_id = ${qualified(resultBooks.id)}), 0) + coalesce((select sum(np.minutes) from no_page_progress np where np.result_book_id = ${qualified(resultBooks.id)}), 0))`.mapWith(Number);
const lastIndexSql = sql<number>`coalesce((select max(np.section_index) from no_page_progress np where np.result_book_id = ${qualified(resultBooks.id)}), 0)`.mapWith(Number);

/** A result book's reading totals as columns of a query over result_books (reports select them beside their own). */
export const readingTotalsColumns = { lastPage: lastPageSql, records: recordCountSql, minutes: minutesSql, lastIndex: lastIndexSql };

const bookRowFields = {
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
  title: books.title,
  author: books.author,
  publisher: books.publisher,
  totalPages: books.totalPages,
  level: books.level,
  genre: books.genre,
  careerFields: books.careerFields,
  coverColor: books.coverColor,
  summary: books.summary,
  lastPage: lastPageSql,
  records: recordCountSql,
  minutes: minutesSql,
  lastIndex: lastIndexSql,
};


function withProgress<
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

/** One of the student's books (never an excluded one), with its progress. Throws BOOK_NOT_FOUND. */
export async function getReadingBook(userId: number, resultBookId: number, executor: Executor = db()) {
  const row = Number.isInteger(resultBookId) ? await selectBook(executor, userId, resultBookId) : undefined;
  if (!row || row.status === BookStatus.EXCLUDE) throw readingError('BOOK_NOT_FOUND');
  return withProgress(row);
}

/** Locks the student's row, then the result book's row, inside `tx`, and returns the book with its totals. */
async function lockBook(tx: Tx, userId: number, resultBookId: number) {
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

function requireMethod(readMethod: ReadMethod) {
  if (!isReadable(readMethod)) throw readingError('READ_METHOD_NOT_FOUND');
}

/** Makes a book the student's current one; another current book keeps its status and stops being current. */
async function makeCurrent(tx: Tx, userId: number, resultBookId: number) {
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
async function completeIfDone(tx: Tx, userId: number, resultBookId: number): Promise<{ complete: boolean; status: BookStatus }> {
  const book = withProgress((await selectBook(tx, userId, resultBookId))!);
  if (!book.progress.complete || book.status !== BookStatus.ACTIVITY) {
    return { complete: book.progress.complete, status: book.status };
  }
  await advanceStatusOrThrow(resultBookId, BookStatus.ACTIVITY, tx);
  await tx.update(resultBooks).set({ isCurrent: false }).where(eq(resultBooks.id, resultBookId));
  return { complete: true, status: BookStatus.DIAGNOSIS };
}

// ---------------------------------------------------------------------------------------------------------------
// The activity overview (spec "user activity response": readMethod, recommend list, currentBookId, resultList)

export const RECENT_RECORDS = 8;
export const RECOMMEND_COUNT = 4;

export type RecentRecord = {
  resultBookId: number;
  title: string;
  readDate: string;
  startPage: number | null;
  endPage: number | null;
  sectionIndex: number | null;
  minutes: number;
  readMethod: ReadMethod;
};

/** The activity page in three queries whatever the number of books and records. */
export async function getActivityOverview(userId: number, executor: Executor = db()) {
  const rows = await executor
    .select(bookRowFields)
    .from(resultBooks)
    .innerJoin(books, eq(books.id, resultBooks.bookId))
    .where(and(eq(resultBooks.userId, userId), ne(resultBooks.status, BookStatus.EXCLUDE)))
    .orderBy(desc(resultBooks.assignedAt), desc(resultBooks.id));

  const recent = (
    await executor.execute(sql`
      select * from (
        (select rr.result_book_id as "resultBookId", b.title, rr.read_date::text as "readDate", rr.start_page as "startPage",
                rr.end_page as "endPage", null::smallint as "sectionIndex", rr.minutes, rr.read_method as "readMethod",
                rr.created_at as "createdAt", rr.id
           from reading_records rr join result_books rb on rb.id = rr.result_book_id join books b on b.id = rb.book_id
          where rr.user_id = ${userId} and rb.status <> ${BookStatus.EXCLUDE}
          order by rr.read_date desc, rr.id desc limit ${RECENT_RECORDS})
        union all
        (select np.result_book_id, b.title, np.read_date::text, null, null, np.section_index, np.minutes, ${ReadMethod.NO_PAGE}::smallint,
                np.created_at, np.id
           from no_page_progress np join result_books rb on rb.id = np.result_book_id join books b on b.id = rb.book_id
          where np.user_id = ${userId} and rb.status <> ${BookStatus.EXCLUDE}
          order by np.read_date desc, np.id desc limit ${RECENT_RECORDS})
      ) t order by "readDate" desc, "createdAt" desc, id desc limit ${RECENT_RECORDS}`)
  ) as unknown as { rows?: RecentRecord[] } | RecentRecord[];
  const recentRecords = (Array.isArray(recent) ? recent : (recent.rows ?? [])).map((r) => ({
    ...r,
    minutes: Number(r.minutes),
    readMethod: Number(r.readMethod) as ReadMethod,
  }));

  const level = sql`coalesce((select u.level from users u where u.id = ${userId}), ${DEFAULT_LEVEL})`;
  const recommend = (await recommendationRows(userId, level, RECOMMEND_COUNT, 0, executor)).map((b) => ({
    bookId: b.id,
    title: b.title,
    author: b.author,
    level: b.level,
    genre: b.genre,
    coverColor: b.coverColor,
  }));

  const resultList = rows.map(withProgress);
  const current = resultList.find((b) => b.isCurrent && b.status === BookStatus.ACTIVITY) ?? null;
  return {
    readMethod: current?.readMethod ?? ReadMethod.NONE,
    currentBookId: current?.bookId ?? null,
    currentResultBookId: current?.resultBookId ?? null,
    resultList,
    recommend,
    recentRecords,
  };
}

export type ActivityOverview = Awaited<ReturnType<typeof getActivityOverview>>;

/** The student's books in the given statuses, newest first, a page at a time (one query). */
export async function listBooks(userId: number, statuses: BookStatus[], page = 1, pageSize = 10, executor: Executor = db()) {
  const safeStatuses = statuses.filter((s) => VISIBLE_STATUSES.includes(s));
  const rows = await executor
    .select({
      ...bookRowFields,
      total: sql<number>`count(*) over ()`.mapWith(Number),
      hasBefore: sql<boolean>`exists (select 1 from before_reading_answers a where a.result_book_id = ${qualified(resultBooks.id)})`,
    })
    .from(resultBooks)
    .innerJoin(books, eq(books.id, resultBooks.bookId))
    .where(and(eq(resultBooks.userId, userId), inArray(resultBooks.status, safeStatuses)))
    .orderBy(desc(resultBooks.statusChangedAt), desc(resultBooks.id))
    .limit(pageSize)
    .offset((Math.max(1, page) - 1) * pageSize);
  const total = rows[0]?.total ?? 0;
  return {
    items: rows.map(({ total: _t, hasBefore, ...row }) => ({ ...withProgress(row), hasBefore: Boolean(hasBefore) })),
    total,
    page,
    pages: Math.max(1, Math.ceil(total / pageSize)),
  };
}

// ---------------------------------------------------------------------------------------------------------------
// The reading page

export type ClockState = { running: boolean; startedAt: string | null };

async function clockOf(executor: Executor, resultBookId: number): Promise<{ running: boolean; startedAt: Date | null }> {
  const [last] = await executor
    .select({ event: readingEvents.event, at: readingEvents.at })
    .from(readingEvents)
    .where(eq(readingEvents.resultBookId, resultBookId))
    .orderBy(desc(readingEvents.id))
    .limit(1);
  return last?.event === ReadingEvent.READ_START ? { running: true, startedAt: last.at } : { running: false, startedAt: null };
}

export async function getClockState(userId: number, resultBookId: number): Promise<ClockState> {
  await getReadingBook(userId, resultBookId);
  const clock = await clockOf(db(), resultBookId);
  return { running: clock.running, startedAt: clock.startedAt?.toISOString() ?? null };
}

export const PAGE_RECORDS = 30;

/** Everything the reading page shows: the book and its progress, its records, the clock, the before answer. */
export async function getReadingPage(userId: number, resultBookId: number, executor: Executor = db()) {
  const book = await getReadingBook(userId, resultBookId, executor);
  const records = await executor
    .select()
    .from(readingRecords)
    .where(eq(readingRecords.resultBookId, resultBookId))
    .orderBy(desc(readingRecords.id))
    .limit(PAGE_RECORDS);
  const noPage =
    book.readMethod === ReadMethod.NO_PAGE
      ? await executor
          .select()
          .from(noPageProgress)
          .where(eq(noPageProgress.resultBookId, resultBookId))
          .orderBy(desc(noPageProgress.id))
          .limit(PAGE_RECORDS)
      : [];
  const clock = book.readMethod === ReadMethod.CLOCK ? await clockOf(executor, resultBookId) : { running: false, startedAt: null };
  return {
    book,
    records,
    noPage,
    clock: { running: clock.running, startedAt: clock.startedAt?.toISOString() ?? null },
    /** Where the next record starts: after the furthest page read, or the start page. */
    nextStartPage: Math.min(book.totalPages, records.length ? book.progress.lastPage + 1 : (book.startPage ?? 1)),
    readTimeResult: records[0]?.readTimeResult ?? EMPTY_READ_TIME_RESULT,
  };
}

export type ReadingPage = Awaited<ReturnType<typeof getReadingPage>>;

// ---------------------------------------------------------------------------------------------------------------
// Before reading: WAITING → PRE_ACTIVITY_COMPLETE

export type BeforeAnswer = { prediction: string; whatIKnow: string };

export async function getBeforeAnswer(resultBookId: number, executor: Executor = db()) {
  const [row] = await executor.select().from(beforeReadingAnswers).where(eq(beforeReadingAnswers.resultBookId, resultBookId));
  return row ?? null;
}

/** Saves the before-reading answers and moves the book WAITING → PRE_ACTIVITY_COMPLETE. A repeat is harmless. */
export async function submitBeforeReading(userId: number, resultBookId: number, answer: BeforeAnswer) {
  const prediction = answer.prediction.trim();
  const whatIKnow = answer.whatIKnow.trim();
  if (!prediction || !whatIKnow) throw readingError('READ_SAVE_FAILED');
  return db().transaction(async (tx) => {
    const book = await lockBook(tx, userId, resultBookId);
    const existing = await getBeforeAnswer(resultBookId, tx);
    if (existing) return { answer: existing, duplicate: true, status: book.status };
    if (book.status !== BookStatus.WAITING) throw readingError('INVALID_BOOK_STATUS');
    const [saved] = await tx
      .insert(beforeReadingAnswers)
      .values({ resultBookId, prediction: prediction.slice(0, 2000), whatIKnow: whatIKnow.slice(0, 2000), createdAt: now() })
      .onConflictDoNothing()
      .returning();
    await advanceStatusOrThrow(resultBookId, BookStatus.WAITING, tx);
    return { answer: saved, duplicate: false, status: BookStatus.PRE_ACTIVITY_COMPLETE as BookStatus };
  });
}

// ---------------------------------------------------------------------------------------------------------------
// The first record (bookDayRead/first): start page, PRE_ACTIVITY_COMPLETE → ACTIVITY, the book becomes current

export async function startReading(userId: number, resultBookId: number, input: { startPage: number }) {
  return db().transaction(async (tx) => {
    const book = await lockBook(tx, userId, resultBookId);
    requireMethod(book.readMethod);
    if (book.status === BookStatus.ACTIVITY) {
      // Already started (a double submit, or a second tab): keep the first start page.
      await makeCurrent(tx, userId, resultBookId);
      return { status: book.status as BookStatus, startPage: book.startPage ?? input.startPage, duplicate: true };
    }
    if (book.status === BookStatus.WAITING) throw readingError('BEFORE_READING_REQUIRED');
    if (book.status !== BookStatus.PRE_ACTIVITY_COMPLETE) throw readingError('READ_SAVE_FAILED');
    const startPage = book.readMethod === ReadMethod.NO_PAGE ? 1 : input.startPage;
    if (!Number.isInteger(startPage) || startPage < 1) throw readingError('INVALID_READ_PAGE');
    if (startPage > book.totalPages) throw readingError('INVALID_READ_TOTAL_OVER');
    await advanceStatusOrThrow(resultBookId, BookStatus.PRE_ACTIVITY_COMPLETE, tx);
    await tx.update(resultBooks).set({ startPage }).where(eq(resultBooks.id, resultBookId));
    await makeCurrent(tx, userId, resultBookId);
    return { status: BookStatus.ACTIVITY as BookStatus, startPage, duplicate: false };
  });
}

/** setReadBook (POST): makes one of the student's ACTIVITY books the current one. */
export async function setCurrentBook(userId: number, resultBookId: number) {
  return db().transaction(async (tx) => {
    const book = await lockBook(tx, userId, resultBookId);
    if (book.status !== BookStatus.ACTIVITY) throw readingError('INVALID_BOOK_STATUS');
    await makeCurrent(tx, userId, resultBookId);
    return { currentBookId: book.bookId, currentResultBookId: resultBookId };
  });
}

// ---------------------------------------------------------------------------------------------------------------
// Reading records (bookDayRead): FREE, M_3_3…M_3_6, HUNDRED, CLOCK

export type RecordInput = {
  startPage: number;
  endPage: number;
  /** Typed minutes; ignored for CLOCK (the server's clock decides). */
  minutes?: number;
  /** 'YYYY-MM-DD' on the Seoul calendar; today when absent. */
  readDate?: string;
  isRepeat?: boolean;
  weak?: boolean;
  submissionKey: string;
};

export type SaveResult = {
  record: ReadingRecord;
  duplicate: boolean;
  /** The read method's goal is met (sessionComplete). */
  sessionComplete: boolean;
  status: BookStatus;
};

function checkDate(readDate: string | undefined): string {
  const today = seoulDay(now());
  if (!readDate) return today;
  if (!/^\d{4}-\d{2}-\d{2}$/.test(readDate) || Number.isNaN(Date.parse(readDate)) || readDate > today || readDate < '2000-01-01') {
    throw readingError('INVALID_READ_DATE');
  }
  return readDate;
}

function checkKey(key: string) {
  if (typeof key !== 'string' || key.length < 8 || key.length > 100) throw readingError('READ_SAVE_FAILED');
}

async function findRecordByKey(executor: Executor, userId: number, submissionKey: string) {
  const [row] = await executor
    .select()
    .from(readingRecords)
    .where(and(eq(readingRecords.userId, userId), eq(readingRecords.submissionKey, submissionKey)));
  return row;
}

async function lastRecordOf(executor: Executor, resultBookId: number) {
  const [row] = await executor
    .select()
    .from(readingRecords)
    .where(eq(readingRecords.resultBookId, resultBookId))
    .orderBy(desc(readingRecords.id))
    .limit(1);
  return row;
}

/**
 * Saves one reading record. The checks of spec §5/§8: the read method must be set (READ_METHOD_NOT_FOUND); no page
 * beyond the book's total (INVALID_READ_TOTAL_OVER); a new reading cannot start before the previous reading's start
 * page unless it is marked as re-reading (INVALID_READ_START_OVER). CLOCK records take the server's elapsed time
 * between READ_START and now, and write READ_END. When the method's goal is met the book moves to DIAGNOSIS in the
 * same transaction. The same submission key always yields the one record it first created.
 */
export async function saveRecord(userId: number, resultBookId: number, input: RecordInput): Promise<SaveResult> {
  checkKey(input.submissionKey);
  return db().transaction(async (tx) => {
    const book = await lockBook(tx, userId, resultBookId);
    const existing = await findRecordByKey(tx, userId, input.submissionKey);
    if (existing) {
      if (existing.resultBookId !== resultBookId) throw readingError('READ_SAVE_FAILED');
      return { record: existing, duplicate: true, sessionComplete: book.progress.complete, status: book.status };
    }
    requireMethod(book.readMethod);
    if (book.readMethod === ReadMethod.NO_PAGE) throw readingError('READ_SAVE_FAILED');
    if (book.status === BookStatus.PRE_ACTIVITY_COMPLETE || book.status === BookStatus.WAITING) {
      throw readingError(book.status === BookStatus.WAITING ? 'BEFORE_READING_REQUIRED' : 'READ_SAVE_FAILED');
    }
    if (book.status !== BookStatus.ACTIVITY) throw readingError('READ_SAVE_FAILED');

    const { startPage, endPage } = input;
    if (!Number.isInteger(startPage) || !Number.isInteger(endPage) || startPage < 1 || endPage < 1) {
      throw readingError('INVALID_READ_PAGE');
    }
    if (startPage > book.totalPages || endPage > book.totalPages) throw readingError('INVALID_READ_TOTAL_OVER');
    if (endPage < startPage) throw readingError('INVALID_READ_PAGE');
    const previous = await lastRecordOf(tx, resultBookId);
    if (previous && !input.isRepeat && startPage < previous.startPage) throw readingError('INVALID_READ_START_OVER');
    const readDate = checkDate(input.readDate);

    let minutes: number;
    const at = now();
    if (book.readMethod === ReadMethod.CLOCK) {
      const clock = await clockOf(tx, resultBookId);
      if (!clock.running || !clock.startedAt) throw readingError('CLOCK_NOT_STARTED');
      const elapsed = Math.round((at.getTime() - clock.startedAt.getTime()) / 60_000);
      minutes = Math.min(CLOCK_MAX_MINUTES, Math.max(1, elapsed));
      await tx.insert(readingEvents).values({ resultBookId, userId, event: ReadingEvent.READ_END, at });
    } else {
      minutes = Number(input.minutes);
      if (!Number.isInteger(minutes) || minutes < 1 || minutes > MAX_TYPED_MINUTES) throw readingError('INVALID_READ_TIME');
    }

    const sessions = SESSION_COUNTS[book.readMethod];
    let sessionIndex: number | null = null;
    let readTimeResult = previous?.readTimeResult ?? EMPTY_READ_TIME_RESULT;
    if (sessions !== undefined) {
      sessionIndex = book.progress.sessionsDone + 1;
      if (sessionIndex > sessions) throw readingError('READ_SAVE_FAILED');
      readTimeResult = [...EMPTY_READ_TIME_RESULT].map((v, i) => (i < sessionIndex! - 1 ? (previous?.readTimeResult[i] ?? v) : v));
      readTimeResult[sessionIndex - 1] = minutes;
    }

    const [record] = await tx
      .insert(readingRecords)
      .values({
        resultBookId,
        userId,
        startPage,
        endPage,
        minutes,
        readDate,
        readMethod: book.readMethod,
        isRepeat: Boolean(input.isRepeat),
        weak: Boolean(input.weak),
        readTimeResult,
        sessionIndex,
        submissionKey: input.submissionKey,
        createdAt: at,
      })
      .onConflictDoNothing({ target: [readingRecords.userId, readingRecords.submissionKey] })
      .returning();
    if (!record) {
      const again = await findRecordByKey(tx, userId, input.submissionKey);
      if (!again) throw readingError('READ_SAVE_FAILED');
      return { record: again, duplicate: true, sessionComplete: book.progress.complete, status: book.status };
    }
    if (!book.isCurrent) await makeCurrent(tx, userId, resultBookId);
    const done = await completeIfDone(tx, userId, resultBookId);
    return { record, duplicate: false, sessionComplete: done.complete, status: done.status };
  });
}

/**
 * Edits the end page of the book's last record (bookDayRead with isChange), spec §5 exactly: the new end page cannot
 * be below the start page of that previous reading (INVALID_READ_START_OVER) nor above the book's total pages
 * (INVALID_READ_TOTAL_OVER). Reaching the goal this way completes the session too.
 */
export async function editLastRecord(userId: number, resultBookId: number, input: { endPage: number }) {
  return db().transaction(async (tx) => {
    const book = await lockBook(tx, userId, resultBookId);
    requireMethod(book.readMethod);
    if (book.status !== BookStatus.ACTIVITY) throw readingError('READ_SAVE_FAILED');
    const last = await lastRecordOf(tx, resultBookId);
    if (!last) throw readingError('READ_SAVE_FAILED');
    const endPage = input.endPage;
    if (!Number.isInteger(endPage)) throw readingError('INVALID_READ_PAGE');
    if (endPage < last.startPage) throw readingError('INVALID_READ_START_OVER');
    if (endPage > book.totalPages) throw readingError('INVALID_READ_TOTAL_OVER');
    const [record] = await tx.update(readingRecords).set({ endPage }).where(eq(readingRecords.id, last.id)).returning();
    const done = await completeIfDone(tx, userId, resultBookId);
    return { record, duplicate: false, sessionComplete: done.complete, status: done.status } satisfies SaveResult;
  });
}

// ---------------------------------------------------------------------------------------------------------------
// The reading clock (CLOCK): READ_START, RESET; READ_END is written by saveRecord with the pages

async function lockClockBook(tx: Tx, userId: number, resultBookId: number) {
  const book = await lockBook(tx, userId, resultBookId);
  requireMethod(book.readMethod);
  if (book.readMethod !== ReadMethod.CLOCK || book.status !== BookStatus.ACTIVITY) throw readingError('READ_SAVE_FAILED');
  return book;
}

/** READ_START: the clock starts now (server time). Starting a running clock keeps its first start. */
export async function startClock(userId: number, resultBookId: number): Promise<ClockState> {
  return db().transaction(async (tx) => {
    await lockClockBook(tx, userId, resultBookId);
    const clock = await clockOf(tx, resultBookId);
    if (clock.running) return { running: true, startedAt: clock.startedAt!.toISOString() };
    const at = now();
    await tx.insert(readingEvents).values({ resultBookId, userId, event: ReadingEvent.READ_START, at });
    return { running: true, startedAt: at.toISOString() };
  });
}

/** RESET: cancels a running clock; nothing is recorded. */
export async function resetClock(userId: number, resultBookId: number): Promise<ClockState> {
  return db().transaction(async (tx) => {
    await lockClockBook(tx, userId, resultBookId);
    const clock = await clockOf(tx, resultBookId);
    if (clock.running) await tx.insert(readingEvents).values({ resultBookId, userId, event: ReadingEvent.RESET, at: now() });
    return { running: false, startedAt: null };
  });
}

// ---------------------------------------------------------------------------------------------------------------
// Books without page numbers (NO_PAGE): section index + minutes

export async function saveNoPage(
  userId: number,
  resultBookId: number,
  input: { index: number; minutes: number; readDate?: string; submissionKey: string },
): Promise<{ progress: NoPageProgress; duplicate: boolean; sessionComplete: boolean; status: BookStatus }> {
  checkKey(input.submissionKey);
  return db().transaction(async (tx) => {
    const book = await lockBook(tx, userId, resultBookId);
    const [existing] = await tx
      .select()
      .from(noPageProgress)
      .where(and(eq(noPageProgress.userId, userId), eq(noPageProgress.submissionKey, input.submissionKey)));
    if (existing) return { progress: existing, duplicate: true, sessionComplete: book.progress.complete, status: book.status };
    requireMethod(book.readMethod);
    if (book.readMethod !== ReadMethod.NO_PAGE || book.status !== BookStatus.ACTIVITY) throw readingError('READ_SAVE_FAILED');
    if (!Number.isInteger(input.index) || input.index < 1) throw readingError('INVALID_READ_PAGE');
    if (input.index > book.totalPages) throw readingError('INVALID_READ_TOTAL_OVER');
    const minutes = Number(input.minutes);
    if (!Number.isInteger(minutes) || minutes < 1 || minutes > MAX_TYPED_MINUTES) throw readingError('INVALID_READ_TIME');
    const [progress] = await tx
      .insert(noPageProgress)
      .values({
        resultBookId,
        userId,
        sectionIndex: input.index,
        minutes,
        readDate: checkDate(input.readDate),
        submissionKey: input.submissionKey,
        createdAt: now(),
      })
      .onConflictDoNothing({ target: [noPageProgress.userId, noPageProgress.submissionKey] })
      .returning();
    if (!progress) throw readingError('READ_SAVE_FAILED');
    if (!book.isCurrent) await makeCurrent(tx, userId, resultBookId);
    const done = await completeIfDone(tx, userId, resultBookId);
    return { progress, duplicate: false, sessionComplete: done.complete, status: done.status };
  });
}

// ---------------------------------------------------------------------------------------------------------------
// Indicators: the book's facts and this student's reading beside the average of its readers

export async function getIndicator(userId: number, resultBookId: number, executor: Executor = db()) {
  const book = await getReadingBook(userId, resultBookId, executor);
  const result = (await executor.execute(sql`
    with per_reader as (
      select rb.id,
             coalesce((select sum(rr.minutes) from reading_records rr where rr.result_book_id = rb.id), 0)
               + coalesce((select sum(np.minutes) from no_page_progress np where np.result_book_id = rb.id), 0) as minutes,
             (select count(*) from reading_records rr where rr.result_book_id = rb.id)
               + (select count(*) from no_page_progress np where np.result_book_id = rb.id) as sessions,
             (select count(distinct d) from (select rr.read_date as d from reading_records rr where rr.result_book_id = rb.id
                union select np.read_date from no_page_progress np where np.result_book_id = rb.id) days) as days
        from result_books rb
       where rb.book_id = ${book.bookId} and rb.status in (${BookStatus.DIAGNOSIS}, ${BookStatus.NOTE}, ${BookStatus.COMPLETE})
    )
    select count(*)::int as readers,
           coalesce(round(avg(minutes)), 0)::int as "avgMinutes",
           coalesce(round(avg(sessions), 1), 0)::float as "avgSessions",
           coalesce(round(avg(days), 1), 0)::float as "avgDays",
           (select count(distinct d) from (select rr.read_date as d from reading_records rr where rr.result_book_id = ${resultBookId}
              union select np.read_date from no_page_progress np where np.result_book_id = ${resultBookId}) days)::int as "myDays",
           (select count(*) from reading_records rr where rr.result_book_id = ${resultBookId})::int
             + (select count(*) from no_page_progress np where np.result_book_id = ${resultBookId})::int as "mySessions"
      from per_reader`)) as unknown as { rows?: Record<string, number>[] } | Record<string, number>[];
  const [row] = Array.isArray(result) ? result : (result.rows ?? []);
  return {
    book,
    mine: { minutes: book.progress.minutes, sessions: Number(row?.mySessions ?? 0), days: Number(row?.myDays ?? 0), lastPage: book.progress.lastPage },
    average: {
      readers: Number(row?.readers ?? 0),
      minutes: Number(row?.avgMinutes ?? 0),
      sessions: Number(row?.avgSessions ?? 0),
      days: Number(row?.avgDays ?? 0),
    },
  };
}

/** sessionComplete (GET): whether the book's reading session is complete. Changes nothing. */
export async function getSessionComplete(userId: number, resultBookId: number) {
  const book = await getReadingBook(userId, resultBookId);
  return {
    resultBookId,
    complete: book.progress.complete || (book.status !== BookStatus.ACTIVITY && book.status >= BookStatus.DIAGNOSIS),
    status: book.status,
    progress: book.progress,
  };
}

/** The status the book has: used by tests and the API's bookResult. */
export async function getBookResult(userId: number, resultBookId: number) {
  const book = await getReadingBook(userId, resultBookId);
  return { resultBookId: book.resultBookId, bookId: book.bookId, status: book.status, readMethod: book.readMethod };
}

export { advanceStatus };

/** What the generated cover needs (public: covers carry no personal data). */
export async function getCoverBook(bookId: number) {
  const [row] = await db()
    .select({ title: books.title, author: books.author, coverColor: books.coverColor })
    .from(books)
    .where(eq(books.id, bookId));
  return row ?? null;
}

/** The before-reading page: the book and the answers already given. */
export async function getBeforePage(userId: number, resultBookId: number) {
  const book = await getReadingBook(userId, resultBookId);
  return { book, answer: await getBeforeAnswer(resultBookId) };
}
