import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, primaryKey, serial, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import type { InquiryStatus, ItemStatus } from '~/domain/enums';
import type { NoticeAudience } from '~/domain/notices';
import { organisations } from './organisations';
import { users } from './users';

export type { NoticeAudience };

/** A notice (spec §3 Notice: noticeId, content, files). `body` is Markdown, rendered and sanitised when shown. */
export const notices = pgTable(
  'notices',
  {
    id: serial('id').primaryKey(),
    /** null: a platform notice; else the academy whose staff wrote it for its students. */
    organisationId: integer('organisation_id').references(() => organisations.id),
    authorId: integer('author_id')
      .notNull()
      .references(() => users.id),
    title: text('title').notNull(),
    body: text('body').notNull(),
    audience: jsonb('audience')
      .$type<NoticeAudience>()
      .notNull()
      .default(sql`'{"kind":"ALL"}'::jsonb`),
    /** A popup period: the notice opens as a popup on the audience's home pages between these times. */
    popupFrom: timestamp('popup_from', { withTimezone: true }),
    popupUntil: timestamp('popup_until', { withTimezone: true }),
    status: smallint('status').$type<ItemStatus>().notNull().default(1),
    publishedAt: timestamp('published_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('notices_published_idx').on(t.publishedAt), index('notices_organisation_idx').on(t.organisationId, t.publishedAt)],
);

/** A notice's attachment (spec: filePath, fileName); stored under `notices/` and served by our own route. */
export const noticeFiles = pgTable(
  'notice_files',
  {
    id: serial('id').primaryKey(),
    noticeId: integer('notice_id')
      .notNull()
      .references(() => notices.id, { onDelete: 'cascade' }),
    filePath: text('file_path').notNull(),
    fileName: text('file_name').notNull(),
    contentType: text('content_type').notNull(),
    size: integer('size').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('notice_files_notice_idx').on(t.noticeId)],
);

/** 'Do not show today' (spec §9): the popup stays hidden for this user until `hiddenUntil` (the end of the Seoul day). */
export const noticePopupHides = pgTable(
  'notice_popup_hides',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    noticeId: integer('notice_id')
      .notNull()
      .references(() => notices.id, { onDelete: 'cascade' }),
    hiddenUntil: timestamp('hidden_until', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.noticeId] })],
);

/**
 * The in-app inbox (spec user/message): what a user received — talk messages, comments on their notes, notices sent to
 * them, answers to their inquiries — with an unread mark.
 */
export const inboxItems = pgTable(
  'inbox_items',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** TALK | COMMENT | NOTICE | INQUIRY | PAYMENT | ACCOUNT */
    kind: text('kind').notNull(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    /** A page of the app the item opens, when there is one. */
    link: text('link'),
    /** The outbox row this item mirrors, for talk messages. */
    messageId: integer('message_id'),
    readAt: timestamp('read_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('inbox_items_user_idx').on(t.userId, t.createdAt),
    index('inbox_items_unread_idx')
      .on(t.userId)
      .where(sql`${t.readAt} is null`),
  ],
);

/** A 1:1 inquiry (1:1 문의): WAIT → CHECK (an operator opened it) → COMPLETE (answered); DELETE by the asker, kept. */
export const inquiries = pgTable(
  'inquiries',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    category: text('category').notNull(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    filePath: text('file_path'),
    fileName: text('file_name'),
    fileType: text('file_type'),
    status: smallint('status').$type<InquiryStatus>().notNull().default(1),
    answer: text('answer'),
    answeredBy: integer('answered_by').references(() => users.id, { onDelete: 'set null' }),
    checkedAt: timestamp('checked_at', { withTimezone: true }),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('inquiries_user_idx').on(t.userId, t.createdAt), index('inquiries_status_idx').on(t.status, t.createdAt)],
);

export type Notice = typeof notices.$inferSelect;
export type NoticeFile = typeof noticeFiles.$inferSelect;
export type InboxItem = typeof inboxItems.$inferSelect;
export type Inquiry = typeof inquiries.$inferSelect;
