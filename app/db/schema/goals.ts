import { check, index, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { createdAt, optionalRef, ref, timestampTz, updatedAt } from './columns';
import { classes } from './classes';
import { users } from './users';

/**
 * A class's goal for one Seoul month ('YYYY-MM'): books finished, reading minutes, reading days; any of them (a null
 * target is not part of the goal). Each student is measured against it alone: no ranking (docs/decisions/041).
 */
export const classGoals = pgTable(
  'class_goals',
  {
    classId: ref('class_id', () => classes.id),
    month: text('month').notNull(),
    books: integer('books'),
    minutes: integer('minutes'),
    days: integer('days'),
    setBy: ref('set_by', () => users.id),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.classId, t.month] }),
    check('class_goals_some_target', sql`${t.books} is not null or ${t.minutes} is not null or ${t.days} is not null`),
  ],
);

export type ClassGoal = typeof classGoals.$inferSelect;

/**
 * The teacher's comment written for one student's monthly report. Parents see it only once `publishedAt` is set; an
 * edit after publishing keeps it published.
 */
export const reportComments = pgTable(
  'report_comments',
  {
    studentId: ref('student_id', () => users.id),
    month: text('month').notNull(),
    comment: text('comment').notNull(),
    writtenBy: ref('written_by', () => users.id),
    publishedAt: timestampTz('published_at'),
    publishedBy: optionalRef('published_by', () => users.id),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.studentId, t.month] }), index('report_comments_published_idx').on(t.month, t.publishedAt)],
);

export type ReportComment = typeof reportComments.$inferSelect;
