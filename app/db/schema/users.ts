import { sql } from 'drizzle-orm';
import { index, integer, pgTable, serial, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { Authority, MemberStatus, UserRole } from '~/domain/enums';
import { organisations } from './organisations';

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    /** Sign-in id, stored as typed; unique regardless of case. */
    loginId: text('login_id').notNull(),
    passwordHash: text('password_hash').notNull(),
    name: text('name').notNull(),
    email: text('email'),
    phone: text('phone'),
    role: text('role').$type<UserRole>().notNull(),
    /** Authority list (spec §3). MIGRATION stays until the account has set a new password and security question. */
    authorities: text('authorities')
      .array()
      .$type<Authority[]>()
      .notNull()
      .default(sql`'{}'::text[]`),
    organisationId: integer('organisation_id').references(() => organisations.id),
    status: text('status').$type<MemberStatus>().notNull().default('ACTIVE'),
    /** Index 1–7 into SECURITY_QUESTIONS. */
    securityQuestion: smallint('security_question'),
    securityAnswerHash: text('security_answer_hash'),
    profileImage: text('profile_image'),
    /** Reading level 1–10 (students). */
    level: smallint('level'),
    /** Grade as a short label, e.g. '초4' (students). */
    grade: text('grade'),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('users_login_id_key').on(sql`lower(${t.loginId})`), index('users_organisation_idx').on(t.organisationId)],
);

export type User = typeof users.$inferSelect;
