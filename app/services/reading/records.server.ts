import { and, desc, eq } from 'drizzle-orm';
import type { Executor, Tx } from '~/db/client.server';
import { db } from '~/db/client.server';
import { noPageProgress, readingEvents, readingRecords, resultBooks, type NoPageProgress, type ReadingRecord } from '~/db/schema';
import { EMPTY_READ_TIME_RESULT, SESSION_COUNTS } from '~/domain/reading';
import { BookStatus, ReadingEvent, ReadMethod } from '~/domain/enums';
import { now } from '~/lib/clock.server';
import { seoulDay } from '~/lib/dates';
import { z } from 'zod';
import { bookStatus, isoDate, readMethod } from '~/domain/api-schemas.server';
import { advanceStatusOrThrow } from '../book-status.server';
import {
  CLOCK_MAX_MINUTES,
  type ClockState,
  MAX_TYPED_MINUTES,
  clockOf,
  completeIfDone,
  lockBook,
  makeCurrent,
  readingError,
  requireMethod,
} from './books.server';

/** The JSON API's shape of a reading record (a `readingRecords` row). */
export const readingRecordAnswer = z.object({
  id: z.number().int(),
  resultBookId: z.number().int(),
  userId: z.number().int(),
  startPage: z.number().int(),
  endPage: z.number().int(),
  minutes: z.number().int(),
  readDate: z.string().date(),
  readMethod,
  isRepeat: z.boolean(),
  weak: z.boolean(),
  /** The six session slots, minutes each (0: not yet). */
  readTimeResult: z.array(z.number().int()),
  sessionIndex: z.number().int().nullable(),
  submissionKey: z.string(),
  createdAt: isoDate,
});

/** The JSON API's shape of a section read of a book without page numbers (a `noPageProgress` row). */
export const noPageProgressAnswer = z.object({
  id: z.number().int(),
  resultBookId: z.number().int(),
  userId: z.number().int(),
  sectionIndex: z.number().int(),
  minutes: z.number().int(),
  readDate: z.string().date(),
  submissionKey: z.string(),
  createdAt: isoDate,
});

export const startReadingAnswer = z.object({ status: bookStatus, startPage: z.number().int(), duplicate: z.boolean() });
export const currentBookAnswer = z.object({ currentBookId: z.number().int(), currentResultBookId: z.number().int() });
export const saveResultAnswer = z.object({
  record: readingRecordAnswer,
  duplicate: z.boolean(),
  sessionComplete: z.boolean(),
  status: bookStatus,
});
export const noPageResultAnswer = z.object({
  progress: noPageProgressAnswer,
  duplicate: z.boolean(),
  sessionComplete: z.boolean(),
  status: bookStatus,
});

// Reading records (spec §5, §8): the first record, records under FREE, M_3_3…M_3_6, HUNDRED and CLOCK, the edit
// of the last record, books without page numbers, and the reading clock. Each change is one transaction that locks
// the book first (books.server.ts); one submission key yields one record.

export async function startReading(
  userId: number,
  resultBookId: number,
  input: { startPage: number },
): Promise<z.infer<typeof startReadingAnswer>> {
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
export async function setCurrentBook(userId: number, resultBookId: number): Promise<z.infer<typeof currentBookAnswer>> {
  return db().transaction(async (tx) => {
    const book = await lockBook(tx, userId, resultBookId);
    if (book.status !== BookStatus.ACTIVITY) throw readingError('INVALID_BOOK_STATUS');
    await makeCurrent(tx, userId, resultBookId);
    return { currentBookId: book.bookId, currentResultBookId: resultBookId };
  });
}

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
    if (endPage < startPage) throw readingError('INVALID_READ_RANGE');
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
export async function editLastRecord(userId: number, resultBookId: number, input: { endPage: number }): Promise<SaveResult> {
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

export async function saveNoPage(
  userId: number,
  resultBookId: number,
  input: { index: number; minutes?: number; readDate?: string; submissionKey: string },
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
