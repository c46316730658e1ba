import { index, pgTable, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, jsonbArray, optionalRef, serialId, timestampTz } from './columns';
import type { ContentKind, FaqEntry } from '~/domain/content';
import { users } from './users';

export type { ContentKind, FaqEntry };

/**
 * Versions of the texts operators edit: a FAQ section (code: operating, agency, info; `entries` holds its questions
 * and Markdown answers) or a policy (code: readin, privacy, …; `body` is its Markdown). The version in effect is the
 * newest whose `effectiveFrom` has passed; a version is never edited after it takes effect, a new one is written.
 * Markdown is rendered and sanitised on the server when shown, never stored as HTML.
 */
export const contentVersions = pgTable(
  'content_versions',
  {
    id: serialId(),
    kind: text('kind').$type<ContentKind>().notNull(),
    code: text('code').notNull(),
    version: smallint('version').notNull(),
    title: text('title').notNull(),
    body: text('body').notNull().default(''),
    entries: jsonbArray('entries').$type<FaqEntry[]>(),
    effectiveFrom: timestampTz('effective_from').notNull(),
    createdBy: optionalRef('created_by', () => users.id, 'set null'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('content_versions_key').on(t.kind, t.code, t.version),
    index('content_versions_effective_idx').on(t.kind, t.code, t.effectiveFrom),
  ],
);

export type ContentVersion = typeof contentVersions.$inferSelect;
