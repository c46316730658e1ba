import { index, integer, pgTable, serial, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import type { SendState } from '~/domain/enums';
import { users } from './users';

export type MessageChannel = 'SMS' | 'TALK';

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
  },
  (t) => [index('messages_created_idx').on(t.createdAt), index('messages_state_idx').on(t.sendState)],
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
