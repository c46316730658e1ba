import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, serial, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users';
import type { ItemStatus } from '~/domain/enums';

export const books = pgTable(
  'books',
  {
    id: serial('id').primaryKey(),
    title: text('title').notNull(),
    author: text('author').notNull(),
    publisher: text('publisher').notNull(),
    /** ISBN-13 (or ISBN-10) as digits, when the catalogue knows it. */
    isbn: text('isbn'),
    totalPages: smallint('total_pages').notNull(),
    /** Reading level 1–10. */
    level: smallint('level').notNull(),
    genre: text('genre').notNull(),
    careerFields: text('career_fields')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    summary: text('summary').notNull().default(''),
    /** Background colour of the generated cover. */
    coverColor: text('cover_color').notNull().default('#35618f'),
    /** Storage key of an uploaded cover; the generated SVG cover is used when empty. */
    coverImage: text('cover_image'),
    status: smallint('status').$type<ItemStatus>().notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('books_level_idx').on(t.level), index('books_genre_idx').on(t.genre)],
);

export type Book = typeof books.$inferSelect;

/** An uploaded catalogue file between its preview and its confirmation (the operators' bulk import of books). */
export const bookImports = pgTable(
  'book_imports',
  {
    id: serial('id').primaryKey(),
    createdBy: integer('created_by')
      .notNull()
      .references(() => users.id),
    fileName: text('file_name').notNull(),
    /** The parsed rows with their errors, as the preview showed them. */
    rows: jsonb('rows').notNull(),
    status: text('status').$type<'PREVIEW' | 'CONFIRMED'>().notNull().default('PREVIEW'),
    createdCount: integer('created_count'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
  },
  (t) => [index('book_imports_created_idx').on(t.createdBy, t.createdAt)],
);
