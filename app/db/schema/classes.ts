import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { organisations } from './organisations';
import { users } from './users';

/**
 * A class (반) of an academy. OPEN while it runs; a CLOSED class keeps its history but takes no new students.
 */
export const classes = pgTable(
  'classes',
  {
    id: serial('id').primaryKey(),
    organisationId: integer('organisation_id')
      .notNull()
      .references(() => organisations.id),
    name: text('name').notNull(),
    status: text('status').$type<'OPEN' | 'CLOSED'>().notNull().default('OPEN'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    closedAt: timestamp('closed_at', { withTimezone: true }),
  },
  (t) => [
    index('classes_organisation_idx').on(t.organisationId, t.status),
    // Two open classes of one academy never share a name.
    uniqueIndex('classes_open_name_key')
      .on(t.organisationId, t.name)
      .where(sql`${t.status} = 'OPEN'`),
  ],
);

export type SchoolClass = typeof classes.$inferSelect;

/** The teachers of a class (one or more); a TEACHER sees and acts on the students of their classes. */
export const classTeachers = pgTable(
  'class_teachers',
  {
    classId: integer('class_id')
      .notNull()
      .references(() => classes.id),
    teacherId: integer('teacher_id')
      .notNull()
      .references(() => users.id),
    assignedAt: timestamp('assigned_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.classId, t.teacherId] }), index('class_teachers_teacher_idx').on(t.teacherId)],
);

/**
 * A student's time in a class. A student is in one class at a time (the row with no leftAt); moving ends the old row
 * and starts a new one, so the history stays.
 */
export const classMemberships = pgTable(
  'class_memberships',
  {
    id: serial('id').primaryKey(),
    classId: integer('class_id')
      .notNull()
      .references(() => classes.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    joinedAt: timestamp('joined_at', { withTimezone: true }).notNull().defaultNow(),
    leftAt: timestamp('left_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('class_memberships_current_key')
      .on(t.userId)
      .where(sql`${t.leftAt} is null`),
    index('class_memberships_class_idx').on(t.classId, t.leftAt),
  ],
);

/**
 * A roster file read for preview: its rows (with their errors) are kept until the head confirms, so the confirm post
 * needs no second upload and a second confirm of the same import saves nothing again.
 */
export const rosterImports = pgTable(
  'roster_imports',
  {
    id: serial('id').primaryKey(),
    organisationId: integer('organisation_id')
      .notNull()
      .references(() => organisations.id),
    createdBy: integer('created_by')
      .notNull()
      .references(() => users.id),
    fileName: text('file_name').notNull(),
    /** The parsed rows with their errors, as the preview showed them. */
    rows: jsonb('rows').notNull(),
    status: text('status').$type<'PREVIEW' | 'CONFIRMED'>().notNull().default('PREVIEW'),
    createdCount: integer('created_count'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
  },
  (t) => [index('roster_imports_organisation_idx').on(t.organisationId, t.createdAt)],
);
