import { index, integer, jsonb, pgTable, primaryKey } from 'drizzle-orm/pg-core';
import { createdAt, ref, timestampNow } from './columns';
import { books } from './books';
import { users } from './users';

/** A student's like of a book (spec: like/unlike); feeds recommendations and career guidance. */
export const bookLikes = pgTable(
  'book_likes',
  {
    userId: ref('user_id', () => users.id, 'cascade'),
    bookId: ref('book_id', () => books.id, 'cascade'),
    createdAt: createdAt(),
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
  computedAt: timestampNow('computed_at'),
});
