import { sql } from 'drizzle-orm';
import { boolean, date, index, pgTable, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, optionalRef, ref, serialId, textArray, timestampNow, timestampTz, updatedAt } from './columns';
import type { Authority, MemberStatus, UserRole } from '~/domain/enums';
import { organisations } from './organisations';

export const users = pgTable(
  'users',
  {
    id: serialId(),
    /** Sign-in id, stored as typed; unique regardless of case. */
    loginId: text('login_id').notNull(),
    passwordHash: text('password_hash').notNull(),
    name: text('name').notNull(),
    email: text('email'),
    phone: text('phone'),
    role: text('role').$type<UserRole>().notNull(),
    /** Authority list (spec §3). MIGRATION stays until the account has set a new password and security question. */
    authorities: textArray('authorities').$type<Authority[]>(),
    organisationId: optionalRef('organisation_id', () => organisations.id),
    status: text('status').$type<MemberStatus>().notNull().default('ACTIVE'),
    /** Index 1–7 into SECURITY_QUESTIONS. */
    securityQuestion: smallint('security_question'),
    securityAnswerHash: text('security_answer_hash'),
    profileImage: text('profile_image'),
    /** Reading level 1–10 (students). */
    level: smallint('level'),
    /** Grade as a short label, e.g. '초4' (students). */
    grade: text('grade'),
    /** Date of birth 'YYYY-MM-DD' (members who registered themselves): a child under 14 needs a guardian's consent. */
    birthDate: date('birth_date', { mode: 'string' }),
    /** The legal guardian (법정대리인) of a member under 14, and when they consented by the code sent to their phone. */
    guardianName: text('guardian_name'),
    guardianPhone: text('guardian_phone'),
    guardianConsentAt: timestampTz('guardian_consent_at'),
    /** A parent's phone for messages (students an academy registers). */
    parentPhone: text('parent_phone'),
    /** Set when an academy gives a temporary password: the next sign-in must choose a new one first. */
    mustChangePassword: boolean('must_change_password').notNull().default(false),
    lastLoginAt: timestampTz('last_login_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('users_login_id_key').on(sql`lower(${t.loginId})`),
    index('users_organisation_idx').on(t.organisationId),
    // The operators' user list, newest first (docs/decisions/042).
    index('users_created_idx').on(t.createdAt, t.id),
  ],
);

export type User = typeof users.$inferSelect;

/**
 * What a member agreed to and when, one row per consent (이용약관, 개인정보 수집·이용, and the guardian's consent for a
 * member under 14), with the code of the policy document agreed to. Rows are only added, never changed.
 */
export const userConsents = pgTable(
  'user_consents',
  {
    id: serialId(),
    userId: ref('user_id', () => users.id),
    kind: text('kind').$type<'TERMS' | 'PRIVACY' | 'GUARDIAN'>().notNull(),
    /** The policy document (policies.code) the consent refers to; null for the guardian's consent. */
    policyCode: text('policy_code'),
    agreedAt: timestampNow('agreed_at'),
  },
  (t) => [index('user_consents_user_idx').on(t.userId)],
);

/**
 * A student's request to join an academy with its code: PENDING until the academy's head approves (the student then
 * belongs to the academy) or declines it. One pending request per student.
 */
export const academyJoinRequests = pgTable(
  'academy_join_requests',
  {
    id: serialId(),
    userId: ref('user_id', () => users.id),
    academyId: ref('academy_id', () => organisations.id),
    status: text('status').$type<'PENDING' | 'APPROVED' | 'DECLINED'>().notNull().default('PENDING'),
    requestedAt: timestampNow('requested_at'),
    decidedAt: timestampTz('decided_at'),
    decidedBy: optionalRef('decided_by', () => users.id),
  },
  (t) => [
    uniqueIndex('academy_join_requests_pending_key')
      .on(t.userId)
      .where(sql`${t.status} = 'PENDING'`),
    index('academy_join_requests_academy_idx').on(t.academyId, t.status),
  ],
);

export type AcademyJoinRequest = typeof academyJoinRequests.$inferSelect;
