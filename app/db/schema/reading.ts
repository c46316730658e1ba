import { sql } from 'drizzle-orm';
import { boolean, date, index, pgTable, smallint, uniqueIndex } from 'drizzle-orm/pg-core';
import { optionalRef, ref, serialId, timestampNow, timestampTz } from './columns';
import type { BookStatus, ReadMethod } from '~/domain/enums';
import { books } from './books';
import { users } from './users';

/**
 * A book assigned to a student (spec: "book result", resultBookId). Its status moves forward one step at a time on
 * the server (product.md §2): WAITING → PRE_ACTIVITY_COMPLETE → ACTIVITY → DIAGNOSIS → NOTE → COMPLETE; EXCLUDE hides it.
 */
export const resultBooks = pgTable(
  'result_books',
  {
    id: serialId(),
    userId: ref('user_id', () => users.id, 'cascade'),
    bookId: ref('book_id', () => books.id),
    status: smallint('status').$type<BookStatus>().notNull().default(1),
    readMethod: smallint('read_method').$type<ReadMethod>().notNull().default(0),
    assignedBy: optionalRef('assigned_by', () => users.id),
    assignedAt: timestampNow('assigned_at'),
    /** The student's current book (at most one per student). */
    isCurrent: boolean('is_current').notNull().default(false),
    /** Teacher allows the problem analysis to be retaken (RESTART). */
    retakeAllowed: boolean('retake_allowed').notNull().default(false),
    statusChangedAt: timestampNow('status_changed_at'),
    completedAt: timestampTz('completed_at'),
    /** Optional due date set by the teacher on assignment ('YYYY-MM-DD', Asia/Seoul). */
    dueOn: date('due_on', { mode: 'string' }),
    /** The page the student starts reading from (bookDayRead/first); null until the reading starts. */
    startPage: smallint('start_page'),
  },
  (t) => [
    index('result_books_user_idx').on(t.userId, t.status),
    uniqueIndex('result_books_one_current_key')
      .on(t.userId)
      .where(sql`${t.isCurrent}`),
  ],
);

export type ResultBook = typeof resultBooks.$inferSelect;
