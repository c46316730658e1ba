import { sql } from 'drizzle-orm';
import { index, pgTable, serial, smallint, text, timestamp } from 'drizzle-orm/pg-core';
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
