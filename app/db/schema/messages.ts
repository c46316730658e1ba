import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, optionalRef, ref, serialId, textArray, timestampNow, timestampTz, updatedAt } from './columns';
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
    id: serialId(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    body: text('body').notNull(),
    variables: textArray('variables'),
    /** NOTE_COMMENT, NOTE_HOLD, BOOK_ASSIGNED, PAYMENT_RECEIPT, PASSWORD_CODE, … or null. */
    event: text('event'),
    approval: text('approval').$type<TemplateApproval>().notNull().default('REQUESTED'),
    /** The template's id at the provider (Solapi/Kakao). */
    providerTemplateId: text('provider_template_id'),
    active: boolean('active').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('talk_templates_code_key').on(t.code), index('talk_templates_event_idx').on(t.event)],
);

/** One send by academy staff or an operator from /talk: a template to a class, chosen students or their parents. */
export const talkSends = pgTable(
  'talk_sends',
  {
    id: serialId(),
    senderId: ref('sender_id', () => users.id),
    /** The sender's academy (null for operators). */
    organisationId: optionalRef('organisation_id', () => organisations.id),
    templateId: ref('template_id', () => talkTemplates.id),
    /** Who it went to, as the sender chose it ('CLASS 3 · 학부모', …), for the history. */
    audience: text('audience').notNull(),
    recipientCount: integer('recipient_count').notNull(),
    createdAt: createdAt(),
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
    id: serialId(),
    recipientUserId: optionalRef('recipient_user_id', () => users.id, 'set null'),
    phone: text('phone').notNull(),
    channel: text('channel').$type<MessageChannel>().notNull(),
    /** What kind of message: 'PASSWORD_RESET_CODE', … */
    kind: text('kind').notNull(),
    body: text('body').notNull(),
    sendState: smallint('send_state').$type<SendState>().notNull(),
    attempts: smallint('attempts').notNull().default(0),
    providerId: text('provider_id'),
    lastError: text('last_error'),
    sentAt: timestampTz('sent_at'),
    createdAt: createdAt(),
    /** The staff send this row belongs to (null for event messages and codes). */
    sendId: optionalRef('send_id', () => talkSends.id, 'set null'),
    templateId: optionalRef('template_id', () => talkTemplates.id),
    /** The template's variables as filled for this recipient. */
    variables: jsonb('variables').$type<Record<string, string>>(),
    /** One row per recipient per cause: a repeat of the same cause finds the row already there. */
    dedupeKey: text('dedupe_key'),
    /** When a worker may (re)try a WAITING row: exponential backoff with jitter after transient failures. */
    nextAttemptAt: timestampNow('next_attempt_at'),
    /** When a worker claimed the row (SENDING); a stale claim is settled by the reconciler. */
    claimedAt: timestampTz('claimed_at'),
    /** The provider's status or error code of the last attempt ('3105', '1024', 'TIMEOUT', …). */
    lastErrorCode: text('last_error_code'),
    providerGroupId: text('provider_group_id'),
    /** Delivered as SMS/LMS instead of 알림톡 (the recipient is not on KakaoTalk). */
    replacedBySms: boolean('replaced_by_sms').notNull().default(false),
    updatedAt: updatedAt(),
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
    id: serialId(),
    userId: ref('user_id', () => users.id, 'cascade'),
    purpose: text('purpose').notNull(),
    codeHash: text('code_hash').notNull(),
    expiresAt: timestampTz('expires_at').notNull(),
    attempts: smallint('attempts').notNull().default(0),
    consumedAt: timestampTz('consumed_at'),
    createdAt: createdAt(),
  },
  (t) => [index('verification_codes_user_idx').on(t.userId, t.purpose)],
);
