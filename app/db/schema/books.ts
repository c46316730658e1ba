import { index, pgTable, smallint, text } from 'drizzle-orm/pg-core';
import { createdAt, importPreviewColumns, itemStatus, ref, serialId, textArray } from './columns';
import { users } from './users';

export const books = pgTable(
  'books',
  {
    id: serialId(),
    title: text('title').notNull(),
    author: text('author').notNull(),
    publisher: text('publisher').notNull(),
    /** ISBN-13 (or ISBN-10) as digits, when the catalogue knows it. */
    isbn: text('isbn'),
    totalPages: smallint('total_pages').notNull(),
    /** Reading level 1–10. */
    level: smallint('level').notNull(),
    genre: text('genre').notNull(),
    careerFields: textArray('career_fields'),
    summary: text('summary').notNull().default(''),
    /** Background colour of the generated cover. */
    coverColor: text('cover_color').notNull().default('#35618f'),
    /** Storage key of an uploaded cover; the generated SVG cover is used when empty. */
    coverImage: text('cover_image'),
    status: itemStatus(),
    createdAt: createdAt(),
  },
  (t) => [index('books_level_idx').on(t.level), index('books_genre_idx').on(t.genre)],
);

export type Book = typeof books.$inferSelect;

/** An uploaded catalogue file between its preview and its confirmation (the operators' bulk import of books). */
export const bookImports = pgTable(
  'book_imports',
  {
    id: serialId(),
    createdBy: ref('created_by', () => users.id),
    ...importPreviewColumns(),
  },
  (t) => [index('book_imports_created_idx').on(t.createdBy, t.createdAt)],
);
