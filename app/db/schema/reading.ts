import { sql } from 'drizzle-orm';
import { boolean, date, index, integer, pgTable, serial, smallint, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
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
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    bookId: integer('book_id')
      .notNull()
      .references(() => books.id),
    status: smallint('status').$type<BookStatus>().notNull().default(1),
    readMethod: smallint('read_method').$type<ReadMethod>().notNull().default(0),
    assignedBy: integer('assigned_by').references(() => users.id),
    assignedAt: timestamp('assigned_at', { withTimezone: true }).notNull().defaultNow(),
    /** The student's current book (at most one per student). */
    isCurrent: boolean('is_current').notNull().default(false),
    /** Teacher allows the problem analysis to be retaken (RESTART). */
    retakeAllowed: boolean('retake_allowed').notNull().default(false),
    statusChangedAt: timestamp('status_changed_at', { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
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
