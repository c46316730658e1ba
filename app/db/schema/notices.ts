import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, primaryKey, smallint, text } from 'drizzle-orm/pg-core';
import { createdAt, itemStatus, optionalRef, ref, serialId, timestampNow, timestampTz, updatedAt } from './columns';
import type { InquiryStatus } from '~/domain/enums';
import type { NoticeAudience } from '~/domain/notices';
import { organisations } from './organisations';
import { users } from './users';

export type { NoticeAudience };

/** A notice (spec §3 Notice: noticeId, content, files). `body` is Markdown, rendered and sanitised when shown. */
export const notices = pgTable(
  'notices',
  {
    id: serialId(),
    /** null: a platform notice; else the academy whose staff wrote it for its students. */
    organisationId: optionalRef('organisation_id', () => organisations.id),
    authorId: ref('author_id', () => users.id),
    title: text('title').notNull(),
    body: text('body').notNull(),
    audience: jsonb('audience')
      .$type<NoticeAudience>()
      .notNull()
      .default(sql`'{"kind":"ALL"}'::jsonb`),
    /** A popup period: the notice opens as a popup on the audience's home pages between these times. */
    popupFrom: timestampTz('popup_from'),
    popupUntil: timestampTz('popup_until'),
    status: itemStatus(),
    publishedAt: timestampNow('published_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('notices_published_idx').on(t.publishedAt), index('notices_organisation_idx').on(t.organisationId, t.publishedAt)],
);

/** A notice's attachment (spec: filePath, fileName); stored under `notices/` and served by our own route. */
export const noticeFiles = pgTable(
  'notice_files',
  {
    id: serialId(),
    noticeId: ref('notice_id', () => notices.id, 'cascade'),
    filePath: text('file_path').notNull(),
    fileName: text('file_name').notNull(),
    contentType: text('content_type').notNull(),
    size: integer('size').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('notice_files_notice_idx').on(t.noticeId)],
);

/** 'Do not show today' (spec §9): the popup stays hidden for this user until `hiddenUntil` (the end of the Seoul day). */
export const noticePopupHides = pgTable(
  'notice_popup_hides',
  {
    userId: ref('user_id', () => users.id, 'cascade'),
    noticeId: ref('notice_id', () => notices.id, 'cascade'),
    hiddenUntil: timestampTz('hidden_until').notNull(),
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
    id: serialId(),
    userId: ref('user_id', () => users.id, 'cascade'),
    /** TALK | COMMENT | NOTICE | INQUIRY | PAYMENT | ACCOUNT */
    kind: text('kind').notNull(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    /** A page of the app the item opens, when there is one. */
    link: text('link'),
    /** The outbox row this item mirrors, for talk messages. */
    messageId: integer('message_id'),
    readAt: timestampTz('read_at'),
    createdAt: createdAt(),
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
    id: serialId(),
    userId: ref('user_id', () => users.id, 'cascade'),
    category: text('category').notNull(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    filePath: text('file_path'),
    fileName: text('file_name'),
    fileType: text('file_type'),
    status: smallint('status').$type<InquiryStatus>().notNull().default(1),
    answer: text('answer'),
    answeredBy: optionalRef('answered_by', () => users.id, 'set null'),
    checkedAt: timestampTz('checked_at'),
    answeredAt: timestampTz('answered_at'),
    deletedAt: timestampTz('deleted_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('inquiries_user_idx').on(t.userId, t.createdAt), index('inquiries_status_idx').on(t.status, t.createdAt)],
);

export type Notice = typeof notices.$inferSelect;
export type NoticeFile = typeof noticeFiles.$inferSelect;
export type InboxItem = typeof inboxItems.$inferSelect;
export type Inquiry = typeof inquiries.$inferSelect;
