import { sql } from 'drizzle-orm';
import { boolean, date, index, pgTable, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, ref, serialId, timestampTz } from './columns';
import type { ReadingEvent, ReadMethod } from '~/domain/enums';
import { resultBooks } from './reading';
import { users } from './users';

/** The result book a row of the reading journey belongs to, and its reader: the row goes when either does. */
const resultBookAndReader = () => ({
  resultBookId: ref('result_book_id', () => resultBooks.id, 'cascade'),
  userId: ref('user_id', () => users.id, 'cascade'),
});

/**
 * One reading of a result book (spec §3 "reading time record"): pages, minutes, Seoul date, the read method it was
 * made under, the flags, and the six session slots of the split-reading methods (-1 where not read yet).
 * `submissionKey` makes a double-submitted form harmless (unique per user).
 */
export const readingRecords = pgTable(
  'reading_records',
  {
    id: serialId(),
    ...resultBookAndReader(),
    startPage: smallint('start_page').notNull(),
    endPage: smallint('end_page').notNull(),
    minutes: smallint('minutes').notNull(),
    /** The Seoul calendar day of the reading. */
    readDate: date('read_date', { mode: 'string' }).notNull(),
    readMethod: smallint('read_method').$type<ReadMethod>().notNull(),
    isRepeat: boolean('is_repeat').notNull().default(false),
    weak: boolean('weak').notNull().default(false),
    /** Minutes of sessions 1–6 after this record (M_3_3…M_3_6); -1 where the session is not read yet. */
    readTimeResult: smallint('read_time_result')
      .array()
      .notNull()
      .default(sql`'{-1,-1,-1,-1,-1,-1}'::smallint[]`),
    /** 1-based session number for the split-reading methods, null otherwise. */
    sessionIndex: smallint('session_index'),
    submissionKey: text('submission_key').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('reading_records_book_idx').on(t.resultBookId, t.id),
    index('reading_records_user_idx').on(t.userId, t.id),
    // A month (or a day's range) of a student's readings: the dashboards and reports (docs/decisions/042).
    index('reading_records_user_day_idx').on(t.userId, t.readDate),
    uniqueIndex('reading_records_submission_key').on(t.userId, t.submissionKey),
  ],
);

/** The reading clock (CLOCK read method): READ_START / READ_END / RESET with the server's timestamp. */
export const readingEvents = pgTable(
  'reading_events',
  {
    id: serialId(),
    ...resultBookAndReader(),
    event: smallint('event').$type<ReadingEvent>().notNull(),
    at: timestampTz('at').notNull(),
  },
  (t) => [index('reading_events_book_idx').on(t.resultBookId, t.id)],
);

/** Progress of a book without page numbers (NO_PAGE): the section index reached and the minutes read. */
export const noPageProgress = pgTable(
  'no_page_progress',
  {
    id: serialId(),
    ...resultBookAndReader(),
    sectionIndex: smallint('section_index').notNull(),
    minutes: smallint('minutes').notNull(),
    readDate: date('read_date', { mode: 'string' }).notNull(),
    submissionKey: text('submission_key').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('no_page_progress_book_idx').on(t.resultBookId, t.id),
    uniqueIndex('no_page_progress_submission_key').on(t.userId, t.submissionKey),
  ],
);

/** The before-reading activity of a result book: prediction from cover and title, what the student already knows. */
export const beforeReadingAnswers = pgTable('before_reading_answers', {
  id: serialId(),
  resultBookId: ref('result_book_id', () => resultBooks.id, 'cascade').unique('before_reading_answers_result_book_key'),
  prediction: text('prediction').notNull(),
  whatIKnow: text('what_i_know').notNull(),
  createdAt: createdAt(),
});

export type ReadingRecord = typeof readingRecords.$inferSelect;
export type NoPageProgress = typeof noPageProgress.$inferSelect;
