import { and, asc, count, desc, eq, ne, notExists, sql, type Placeholder, type SQL } from 'drizzle-orm';
import { MESSAGES } from '~/messages';
import { db, type Executor } from '~/db/client.server';
import { bookLikes, books, resultBooks, users } from '~/db/schema';
import { GENRES, LEVEL_BAND, levelBand, SEARCH_SORTS, type SearchSort } from '~/domain/catalogue';
import { BookStatus, ItemStatus } from '~/domain/enums';
import { DomainError } from '~/lib/errors';
import { qualified } from '~/db/sql-helpers.server';
import { z } from 'zod';
import { bookCatalogueFields } from '~/domain/api-schemas.server';
import { indexedSearch, pageCount } from './paged-list.server';

// The catalogue as a student meets it: search, book pages, likes and recommendations.

export const RECOMMEND_PAGE_SIZE = 6;
export const SEARCH_PAGE_SIZE = 12;
export const DEFAULT_LEVEL = 5;

/** A student's id, or a prepared query's placeholder for it (app/db/prepared.server.ts). */
type UserRef = number | Placeholder;

/** A book's catalogue facts as every student's page shows them (the columns of `bookCatalogueFields`). */
export const bookCatalogueColumns = {
  title: books.title,
  author: books.author,
  publisher: books.publisher,
  totalPages: books.totalPages,
  level: books.level,
  genre: books.genre,
};

const bookColumns = {
  id: books.id,
  ...bookCatalogueColumns,
  careerFields: books.careerFields,
  summary: books.summary,
};

/** The JSON API's shape of a BookCard. */
export const bookCardAnswer = z.object({
  id: z.number().int(),
  ...bookCatalogueFields,
  careerFields: z.array(z.string()),
  summary: z.string(),
  liked: z.boolean(),
});
export const SEARCH_SORT_KEYS = Object.keys(SEARCH_SORTS) as [SearchSort, ...SearchSort[]];
const levelBandAnswer = z.object({ from: z.number(), to: z.number(), widened: z.boolean() });

export const recommendAnswer = z.object({
  level: z.number(),
  needsLevelTest: z.boolean(),
  band: levelBandAnswer,
  usualBand: levelBandAnswer,
  page: z.number().int(),
  pages: z.number().int(),
  total: z.number().int(),
  books: z.array(bookCardAnswer.extend({ coverColor: z.string() })),
});

export const searchAnswer = z.object({
  query: z.object({ q: z.string(), genre: z.string(), level: z.number().nullable(), sort: z.enum(SEARCH_SORT_KEYS) }),
  page: z.number().int(),
  pages: z.number().int(),
  total: z.number().int(),
  books: z.array(bookCardAnswer),
});

export const likeAnswer = z.object({ bookId: z.number().int(), liked: z.boolean() });

export type BookCard = {
  id: number;
  title: string;
  author: string;
  publisher: string;
  totalPages: number;
  level: number;
  genre: string;
  careerFields: string[];
  summary: string;
  liked: boolean;
};

const likedBy = (userId: UserRef) =>
  sql<boolean>`exists (select 1 from ${bookLikes} where ${bookLikes.bookId} = ${qualified(books.id)} and ${bookLikes.userId} = ${userId})`;

/** Books this student has been given, whatever their status (read, reading, waiting or excluded). */
const assignedTo = (userId: UserRef) =>
  db()
    .select({ one: sql`1` })
    .from(resultBooks)
    .where(and(eq(resultBooks.userId, userId), eq(resultBooks.bookId, books.id)));

/** The recommendation score: level closeness first, then liked genres, then liked career fields. */
function recommendationScore(userId: UserRef, level: number | SQL) {
  const likedGenres = sql`(select b2.genre from ${bookLikes} l join ${books} b2 on b2.id = l.book_id where l.user_id = ${userId})`;
  const likedFields = sql`(select coalesce(array_agg(distinct f), '{}'::text[]) from ${bookLikes} l join ${books} b3 on b3.id = l.book_id, unnest(b3.career_fields) f where l.user_id = ${userId})`;
  return sql<number>`(
    3 - abs(${books.level} - ${level})
    + case when ${books.genre} in ${likedGenres} then 2 else 0 end
    + case when ${books.careerFields} && ${likedFields} then 1.5 else 0 end
  )`;
}

const recommendable = (userId: UserRef) => and(eq(books.status, ItemStatus.ACTIVE), notExists(assignedTo(userId)));

/**
 * How far from `level` recommendations may go: the band, or, when no new book is left inside it, just far enough
 * to reach the nearest one (null when there is no new book at all). Computed by the database in the same query.
 */
function bandWidth(userId: UserRef, level: number | SQL) {
  const nearest = db()
    .select({ d: sql`min(abs(${books.level} - ${level}))` })
    .from(books)
    .where(recommendable(userId));
  return sql<number | null>`greatest(${LEVEL_BAND}, (${nearest}))`;
}

const withinBand = (userId: UserRef, level: number | SQL) => sql`abs(${books.level} - ${level}) <= ${bandWidth(userId, level)}`;

/**
 * One page of recommended books, best first (one query), all within the student's level band. `level` may be a
 * number or an SQL expression, so a caller that does not know the student's level yet can let the database read it.
 */
export async function recommendationRows(userId: number, level: number | SQL, limit: number, offset = 0, executor: Executor = db()) {
  const rows = await recommendationQuery(executor, userId, level, limit, offset);
  return rows.map(({ score: _score, ...book }) => book);
}

/** The query of `recommendationRows`, to run or to prepare (the activity page prepares it with a placeholder). */
export function recommendationQuery(executor: Executor, userId: UserRef, level: number | SQL, limit: number, offset: number) {
  const score = recommendationScore(userId, level);
  return executor
    .select({ ...bookColumns, coverColor: books.coverColor, liked: likedBy(userId), score })
    .from(books)
    .where(and(recommendable(userId), withinBand(userId, level)))
    .orderBy(desc(score), asc(books.level), asc(books.id))
    .limit(limit)
    .offset(offset);
}

/**
 * Recommendations (product.md §2): books within the student's level band (widened only when nothing new is left in
 * it, and then the page says so), ranked by level closeness and the genres and career fields of the books they
 * liked, never a book already assigned or read. A student without a level yet gets the default level's band and is
 * asked to take the level test. Ranked and paged in the database: 3 queries whatever the history size.
 */
export async function recommendBooks(userId: number, page: number, size = RECOMMEND_PAGE_SIZE): Promise<z.infer<typeof recommendAnswer>> {
  const [me] = await db().select({ level: users.level }).from(users).where(eq(users.id, userId));
  const level = me?.level ?? DEFAULT_LEVEL;
  const safePage = Math.max(1, Math.floor(page) || 1);
  const [rows, [{ total, width }]] = await Promise.all([
    recommendationRows(userId, level, size, (safePage - 1) * size),
    db()
      .select({ total: count(), width: bandWidth(userId, level) })
      .from(books)
      .where(and(recommendable(userId), withinBand(userId, level))),
  ]);
  return {
    level,
    needsLevelTest: me?.level == null,
    band: levelBand(level, Number(width ?? LEVEL_BAND)),
    usualBand: levelBand(level, LEVEL_BAND),
    page: safePage,
    pages: pageCount(total, size),
    total,
    books: rows,
  };
}

export type SearchQuery = { q?: string; genre?: string; level?: number; sort?: string; page?: number };

/** Escapes LIKE wildcards so the text is matched as typed. */
/**
 * Search by title or author, genre and level. The text is bound as a parameter (never built into SQL) and the
 * sort key comes from an allowlist.
 */
export async function searchBooks(userId: number, query: SearchQuery, size = SEARCH_PAGE_SIZE): Promise<z.infer<typeof searchAnswer>> {
  const q = (query.q ?? '').trim().slice(0, 100);
  const genre = GENRES.some((g) => g.code === query.genre) ? query.genre : undefined;
  const level = query.level && query.level >= 1 && query.level <= 10 ? Math.floor(query.level) : undefined;
  // An own key only: `in` would also accept 'constructor' or 'toString' from the object's prototype.
  const sort: SearchSort = query.sort && Object.hasOwn(SEARCH_SORTS, query.sort) ? (query.sort as SearchSort) : 'title';
  const page = Math.max(1, Math.floor(query.page ?? 1) || 1);
  const conditions: SQL[] = [eq(books.status, ItemStatus.ACTIVE)];
  // One or two letters ('바람'): the grams index of title and author (drizzle/0025).
  if (q) conditions.push(indexedSearch(q, books.title, books.author)!);
  if (genre) conditions.push(eq(books.genre, genre));
  if (level) conditions.push(eq(books.level, level));
  const where = and(...conditions);
  const order = { title: [asc(books.title)], level: [asc(books.level), asc(books.title)], recent: [desc(books.id)] }[sort];
  const [rows, [{ total }]] = await Promise.all([
    db()
      .select({ ...bookColumns, liked: likedBy(userId) })
      .from(books)
      .where(where)
      .orderBy(...order, asc(books.id))
      .limit(size)
      .offset((page - 1) * size),
    db().select({ total: count() }).from(books).where(where),
  ]);
  return { query: { q, genre: genre ?? '', level: level ?? null, sort }, page, pages: pageCount(total, size), total, books: rows };
}

/** A catalogue book for its page, with the reader's like and, when the book is on their list, its result book. */
export async function getBook(userId: number, bookId: number) {
  const id = Number.isInteger(bookId) ? bookId : 0;
  const [row] = await db()
    .select({
      ...bookColumns,
      liked: likedBy(userId),
      likes: sql<number>`(select count(*)::int from ${bookLikes} where ${bookLikes.bookId} = ${qualified(books.id)})`,
    })
    .from(books)
    .where(and(eq(books.id, id), eq(books.status, ItemStatus.ACTIVE)));
  if (!row) throw new DomainError('BOOK_NOT_FOUND', MESSAGES.bookNotFound, 404);
  const [mine] = await db()
    .select({ resultBookId: resultBooks.id, status: resultBooks.status })
    .from(resultBooks)
    .where(and(eq(resultBooks.userId, userId), eq(resultBooks.bookId, id), ne(resultBooks.status, BookStatus.EXCLUDE)))
    .orderBy(desc(resultBooks.id))
    .limit(1);
  return { ...row, mine: mine ? { resultBookId: mine.resultBookId, status: mine.status as BookStatus } : null };
}

/** Like or unlike a book; repeating either is harmless. */
export async function setLike(userId: number, bookId: number, like: boolean): Promise<z.infer<typeof likeAnswer>> {
  const [book] = await db().select({ id: books.id }).from(books).where(eq(books.id, bookId));
  if (!book) throw new DomainError('BOOK_NOT_FOUND', MESSAGES.bookNotFound, 404);
  if (like) {
    await db().insert(bookLikes).values({ userId, bookId }).onConflictDoNothing();
  } else {
    await db()
      .delete(bookLikes)
      .where(and(eq(bookLikes.userId, userId), eq(bookLikes.bookId, bookId)));
  }
  return { bookId, liked: like };
}
