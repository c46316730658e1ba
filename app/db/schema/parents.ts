import { sql } from 'drizzle-orm';
import { index, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, optionalRef, ref, serialId, timestampTz, updatedAt } from './columns';
import { users } from './users';

// Parents (보호자, issue 32; docs/decisions/040-parent-sign-in-by-phone-code.md). A parent is a `users` row with the
// PARENT authority (role USER, no password of their own: they sign in with a code sent to their phone), linked to each
// child by a row here. The academy may turn a link off; a parent signs in only while a link is ACTIVE.

export const PARENT_LINK_STATUSES = ['ACTIVE', 'OFF'] as const;
export type ParentLinkStatus = (typeof PARENT_LINK_STATUSES)[number];

export const parentLinks = pgTable(
  'parent_links',
  {
    id: serialId(),
    parentId: ref('parent_id', () => users.id, 'cascade'),
    studentId: ref('student_id', () => users.id, 'cascade'),
    status: text('status').$type<ParentLinkStatus>().notNull().default('ACTIVE'),
    /** Who linked them: academy staff (a second parent added on the student's page), or null (the phone on file). */
    addedBy: optionalRef('added_by', () => users.id, 'set null'),
    /** Who last turned the access off or on, and when. */
    changedBy: optionalRef('changed_by', () => users.id, 'set null'),
    changedAt: timestampTz('changed_at'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('parent_links_key').on(t.parentId, t.studentId), index('parent_links_student_idx').on(t.studentId)],
);

export type ParentLink = typeof parentLinks.$inferSelect;

/** A parent's own settings: the phone digits they sign in with (one account per phone) and their 알림톡 opt-out. */
export const parentProfiles = pgTable(
  'parent_profiles',
  {
    userId: ref('user_id', () => users.id, 'cascade').primaryKey(),
    /** Digits only ('01012345678'). */
    phoneDigits: text('phone_digits').notNull(),
    /** Set when the parent turned their 알림톡 off (settings page); null: they receive them. */
    talkOptOutAt: timestampTz('talk_opt_out_at'),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('parent_profiles_phone_key').on(t.phoneDigits)],
);

/** Students' guardian and parent phones, compared as digits (the parent's sign-in looks them up). */
export const phoneDigitsSql = (column: unknown) => sql`regexp_replace(coalesce(${column}, ''), '[^0-9]', '', 'g')`;
