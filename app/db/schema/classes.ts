import { sql } from 'drizzle-orm';
import { index, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, importPreviewColumns, ref, serialId, timestampNow, timestampTz } from './columns';
import { organisations } from './organisations';
import { users } from './users';

/**
 * A class (반) of an academy. OPEN while it runs; a CLOSED class keeps its history but takes no new students.
 */
export const classes = pgTable(
  'classes',
  {
    id: serialId(),
    organisationId: ref('organisation_id', () => organisations.id),
    name: text('name').notNull(),
    status: text('status').$type<'OPEN' | 'CLOSED'>().notNull().default('OPEN'),
    createdAt: createdAt(),
    closedAt: timestampTz('closed_at'),
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
    classId: ref('class_id', () => classes.id),
    teacherId: ref('teacher_id', () => users.id),
    assignedAt: timestampNow('assigned_at'),
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
    id: serialId(),
    classId: ref('class_id', () => classes.id),
    userId: ref('user_id', () => users.id),
    joinedAt: timestampNow('joined_at'),
    leftAt: timestampTz('left_at'),
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
    id: serialId(),
    organisationId: ref('organisation_id', () => organisations.id),
    createdBy: ref('created_by', () => users.id),
    ...importPreviewColumns(),
  },
  (t) => [index('roster_imports_organisation_idx').on(t.organisationId, t.createdAt)],
);
