import { index, integer, jsonb, pgTable, primaryKey, timestamp } from 'drizzle-orm/pg-core';
import { books } from './books';
import { users } from './users';

/** A student's like of a book (spec: like/unlike); feeds recommendations and career guidance. */
export const bookLikes = pgTable(
  'book_likes',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    bookId: integer('book_id')
      .notNull()
      .references(() => books.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.bookId] }), index('book_likes_book_idx').on(t.bookId)],
);

/** The career-interest profile computed from a student's reading (jinro/reload recomputes it). */
export type JinroProfile = { fields: { code: string; score: number; share: number; books: number }[]; basis: number };

export const jinroProfiles = pgTable('jinro_profiles', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  profile: jsonb('profile').$type<JinroProfile>().notNull(),
  computedAt: timestamp('computed_at', { withTimezone: true }).notNull().defaultNow(),
});
