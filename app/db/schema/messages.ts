import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, serial, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { organisations } from './organisations';
import type { SendState } from '~/domain/enums';
import { users } from './users';

export type MessageChannel = 'SMS' | 'LMS' | 'TALK';

/** Kakao's review of a 알림톡 template: only an approved template can be sent. */
export type TemplateApproval = 'REQUESTED' | 'APPROVED' | 'REJECTED';

/**
 * 알림톡 templates, managed by operators as Kakao requires: the text with its `#{변수}` variables, the provider's
 * template id, the approval state, and the event that sends it automatically (null: a template academy staff send
 * from /talk).
 */
export const talkTemplates = pgTable(
  'talk_templates',
  {
    id: serial('id').primaryKey(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    body: text('body').notNull(),
    variables: text('variables')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** NOTE_COMMENT, NOTE_HOLD, BOOK_ASSIGNED, PAYMENT_RECEIPT, PASSWORD_CODE, … or null. */
    event: text('event'),
    approval: text('approval').$type<TemplateApproval>().notNull().default('REQUESTED'),
    /** The template's id at the provider (Solapi/Kakao). */
    providerTemplateId: text('provider_template_id'),
    active: boolean('active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('talk_templates_code_key').on(t.code), index('talk_templates_event_idx').on(t.event)],
);

/** One send by academy staff or an operator from /talk: a template to a class, chosen students or their parents. */
export const talkSends = pgTable(
  'talk_sends',
  {
    id: serial('id').primaryKey(),
    senderId: integer('sender_id')
      .notNull()
      .references(() => users.id),
    /** The sender's academy (null for operators). */
    organisationId: integer('organisation_id').references(() => organisations.id),
    templateId: integer('template_id')
      .notNull()
      .references(() => talkTemplates.id),
    /** Who it went to, as the sender chose it ('CLASS 3 · 학부모', …), for the history. */
    audience: text('audience').notNull(),
    recipientCount: integer('recipient_count').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('talk_sends_organisation_idx').on(t.organisationId, t.createdAt)],
);

/**
 * The message outbox: every text message the platform sends (one-time codes, notifications). A row is written with
 * send state WAITING and moved to SENDING → COMPLETE | FAIL by the provider adapter (message-provider.server.ts).
 */
export const messages = pgTable(
  'messages',
  {
    id: serial('id').primaryKey(),
    recipientUserId: integer('recipient_user_id').references(() => users.id, { onDelete: 'set null' }),
    phone: text('phone').notNull(),
    channel: text('channel').$type<MessageChannel>().notNull(),
    /** What kind of message: 'PASSWORD_RESET_CODE', … */
    kind: text('kind').notNull(),
    body: text('body').notNull(),
    sendState: smallint('send_state').$type<SendState>().notNull(),
    attempts: smallint('attempts').notNull().default(0),
    providerId: text('provider_id'),
    lastError: text('last_error'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** The staff send this row belongs to (null for event messages and codes). */
    sendId: integer('send_id').references(() => talkSends.id, { onDelete: 'set null' }),
    templateId: integer('template_id').references(() => talkTemplates.id),
    /** The template's variables as filled for this recipient. */
    variables: jsonb('variables').$type<Record<string, string>>(),
    /** One row per recipient per cause: a repeat of the same cause finds the row already there. */
    dedupeKey: text('dedupe_key'),
    /** When a worker may (re)try a WAITING row: exponential backoff with jitter after transient failures. */
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    /** When a worker claimed the row (SENDING); a stale claim is settled by the reconciler. */
    claimedAt: timestamp('claimed_at', { withTimezone: true }),
    /** The provider's status or error code of the last attempt ('3105', '1024', 'TIMEOUT', …). */
    lastErrorCode: text('last_error_code'),
    providerGroupId: text('provider_group_id'),
    /** Delivered as SMS/LMS instead of 알림톡 (the recipient is not on KakaoTalk). */
    replacedBySms: boolean('replaced_by_sms').notNull().default(false),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('messages_created_idx').on(t.createdAt),
    index('messages_state_idx').on(t.sendState),
    index('messages_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.sendState} = 1`),
    index('messages_send_idx').on(t.sendId),
    index('messages_recipient_idx').on(t.recipientUserId, t.createdAt),
    uniqueIndex('messages_dedupe_key')
      .on(t.dedupeKey)
      .where(sql`${t.dedupeKey} is not null`),
  ],
);

export type Message = typeof messages.$inferSelect;

/**
 * One-time codes for finding a password: stored hashed, valid 10 minutes, a bounded number of tries. A newer code for
 * the same user replaces the older one (consumedAt set).
 */
export const verificationCodes = pgTable(
  'verification_codes',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose').notNull(),
    codeHash: text('code_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    attempts: smallint('attempts').notNull().default(0),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('verification_codes_user_idx').on(t.userId, t.purpose)],
);
