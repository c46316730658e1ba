import { and, count, desc, eq, gte, ilike, inArray, lte, or } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { db } from '~/db/client.server';
import { bookLikes, books, resultBooks, users } from '~/db/schema';
import { countQueries } from '~/db/query-count.server';
import { BookStatus, ItemStatus } from '~/domain/enums';
import { computeJinroProfile, jinroOverview, STATUS_WEIGHT } from '~/services/jinro.server';
import { DEFAULT_LEVEL, getBook, recommendBooks, searchBooks, setLike } from '~/services/library.server';
import { assignBook, createBook, createStudent } from '../support/factories';
import { useTestDatabase } from '../support/db';

useTestDatabase();

const userId = async (loginId: string) => (await db().select().from(users).where(eq(users.loginId, loginId)))[0].id;

describe('recommendations', () => {
  it('gives 6 books per page within the level band, never one already assigned, and page 2 differs from page 1', async () => {
    const student = await createStudent({ level: 4 });
    for (const level of [3, 4, 4, 5, 5, 5]) await createBook({ level });
    await assignBook({ student, book: await createBook({ level: 4 }) });
    const assigned = new Set((await db().select().from(resultBooks).where(eq(resultBooks.userId, student.id))).map((r) => r.bookId));
    const p1 = await recommendBooks(student.id, 1);
    const p2 = await recommendBooks(student.id, 2);
    expect(p1.band).toEqual({ from: 3, to: 5, widened: false });
    expect(p1.needsLevelTest).toBe(false);
    expect(p1.books).toHaveLength(6);
    expect(p1.total).toBeGreaterThan(6);
    expect(p2.books.length).toBe(Math.min(6, p1.total - 6));
    const all = [...p1.books, ...p2.books];
    expect(new Set(all.map((b) => b.id)).size).toBe(all.length);
    for (const b of all) {
      expect(assigned.has(b.id), b.title).toBe(false);
      expect(b.level, b.title).toBeGreaterThanOrEqual(3);
      expect(b.level, b.title).toBeLessThanOrEqual(5);
    }
    // Every active, unassigned book of L3–L5 is counted, and none outside.
    const inBand = await db()
      .select({ id: books.id, level: books.level })
      .from(books)
      .where(and(eq(books.status, ItemStatus.ACTIVE), gte(books.level, 3), lte(books.level, 5)));
    expect(p1.total).toBe(inBand.filter((b) => !assigned.has(b.id)).length);
    // Nearest levels first.
    const distance = all.map((b) => Math.abs(b.level - p1.level));
    expect(Math.max(...distance.slice(0, 6))).toBeLessThanOrEqual(Math.min(...distance.slice(6)) + 1);
  });

  it('widens the band only when nothing new is left in it, just far enough, and says so', async () => {
    const student = await createStudent({ level: 10 });
    const top = await db()
      .select({ id: books.id })
      .from(books)
      .where(and(eq(books.status, ItemStatus.ACTIVE), gte(books.level, 9)));
    expect(top.length).toBeGreaterThan(0);
    for (const book of top) await assignBook({ student, book });
    const nearest = await db()
      .select({ level: books.level })
      .from(books)
      .where(and(eq(books.status, ItemStatus.ACTIVE), lte(books.level, 8)))
      .orderBy(desc(books.level))
      .limit(1);
    const result = await recommendBooks(student.id, 1);
    expect(result.band).toEqual({ from: nearest[0].level, to: 10, widened: true });
    expect(result.usualBand).toEqual({ from: 9, to: 10, widened: false });
    expect(result.books.length).toBeGreaterThan(0);
    for (const b of result.books) expect(b.level).toBe(nearest[0].level);
  });

  it('asks a student without a level to take the level test first, and uses the default band meanwhile', async () => {
    const student = await createStudent();
    await db().update(users).set({ level: null }).where(eq(users.id, student.id));
    const result = await recommendBooks(student.id, 1);
    expect(result.needsLevelTest).toBe(true);
    expect(result.band).toEqual({ from: DEFAULT_LEVEL - 1, to: DEFAULT_LEVEL + 1, widened: false });
    for (const b of result.books) expect(Math.abs(b.level - DEFAULT_LEVEL)).toBeLessThanOrEqual(1);
  });

  it('ranks books of a liked genre above others at the same level distance', async () => {
    const id = await userId('student9');
    const before = await recommendBooks(id, 1, 100);
    const level = before.level;
    const genre = before.books[before.books.length - 1].genre;
    const [liked] = await db().select().from(books).where(eq(books.genre, genre)).limit(1);
    await setLike(id, liked.id, true);
    const after = await recommendBooks(id, 1, 100);
    expect(after.books.findIndex((b) => b.genre === genre)).toBeLessThanOrEqual(before.books.findIndex((b) => b.genre === genre));
    after.books.forEach((a, i) => {
      after.books.slice(i + 1).forEach((b) => {
        const same = Math.abs(a.level - level) === Math.abs(b.level - level);
        if (same && b.genre === genre && a.genre !== genre) {
          // b (liked genre) must not come after a at the same distance unless a shares a liked career field.
          expect(a.careerFields.some((f) => liked.careerFields.includes(f))).toBe(true);
        }
      });
    });
  });

  it('costs the same number of queries with a thousand history rows', async () => {
    const id = await userId('student2');
    const small = await countQueries(() => recommendBooks(id, 1));
    const catalogue = await db().select({ id: books.id }).from(books);
    await db()
      .insert(resultBooks)
      .values(
        Array.from({ length: 1000 }, (_, i) => ({ userId: id, bookId: catalogue[i % catalogue.length].id, status: BookStatus.COMPLETE })),
      );
    const big = await countQueries(() => recommendBooks(id, 1));
    expect(big.queries.length).toBe(small.queries.length);
    expect(big.queries.length).toBeLessThanOrEqual(3);
    const jinro = await countQueries(() => jinroOverview(id));
    expect(jinro.queries.length).toBeLessThanOrEqual(6);
  });
});

describe('search', () => {
  it('finds by title or author, filters by genre and level, and pages', async () => {
    const id = await userId('student');
    const byTitle = await searchBooks(id, { q: '어린 왕자' });
    expect(byTitle.books.map((b) => b.title)).toContain('어린 왕자');
    const byAuthor = await searchBooks(id, { q: '황순원' });
    expect(byAuthor.books.every((b) => b.author.includes('황순원'))).toBe(true);
    expect(byAuthor.total).toBeGreaterThan(0);
    const lit = await searchBooks(id, { genre: 'LITERATURE', level: 5 });
    expect(lit.books.every((b) => b.genre === 'LITERATURE' && b.level === 5)).toBe(true);
    const all = await searchBooks(id, { page: 2 });
    expect(all.page).toBe(2);
    expect(all.books).toHaveLength(12);
  });

  it('a search of one or two letters (the grams index, drizzle/0025) finds what the title or author holds, no more, no less', async () => {
    const id = await userId('student');
    for (const q of ['왕자', '왕', '순원', '원']) {
      const pattern = `%${q}%`;
      const [row] = await db()
        .select({ n: count() })
        .from(books)
        .where(and(eq(books.status, ItemStatus.ACTIVE), or(ilike(books.title, pattern), ilike(books.author, pattern))));
      const found = await searchBooks(id, { q });
      expect(found.total, q).toBe(row.n);
      expect(found.total, q).toBeGreaterThan(0);
    }
  });

  it('is safe against any input: wildcards match literally, SQL text is just text, unknown sort falls back', async () => {
    const id = await userId('student');
    expect((await searchBooks(id, { q: '%' })).total).toBe(0);
    expect((await searchBooks(id, { q: '_' })).total).toBe(0);
    expect((await searchBooks(id, { q: "'; drop table books; --" })).total).toBe(0);
    const r = await searchBooks(id, { sort: 'title; drop table users', genre: "x' or '1'='1", level: 99 });
    expect(r.query).toEqual({ q: '', genre: '', level: null, sort: 'title' });
    expect((await db().select().from(books)).length).toBeGreaterThanOrEqual(30);
  });
});

describe('likes', () => {
  it('likes and unlikes idempotently', async () => {
    const id = await userId('student3');
    const [book] = await db().select().from(books).limit(1);
    await setLike(id, book.id, true);
    await setLike(id, book.id, true);
    expect((await getBook(id, book.id)).liked).toBe(true);
    const rows = await db()
      .select()
      .from(bookLikes)
      .where(and(eq(bookLikes.userId, id), eq(bookLikes.bookId, book.id)));
    expect(rows).toHaveLength(1);
    await setLike(id, book.id, false);
    expect((await getBook(id, book.id)).liked).toBe(false);
    await expect(setLike(id, 999999, true)).toBeDomainError('BOOK_NOT_FOUND', '요청하신 도서를 찾을 수 없습니다.');
  });
});

describe('career guidance', () => {
  it('sums the student’s books by career field with the status weights', async () => {
    const id = await userId('student');
    const rows = await db()
      .select({ status: resultBooks.status, fields: books.careerFields })
      .from(resultBooks)
      .innerJoin(books, eq(books.id, resultBooks.bookId))
      .where(and(eq(resultBooks.userId, id), inArray(resultBooks.status, [20, 30, 40, 100])));
    const expected = new Map<string, number>();
    for (const r of rows) for (const f of r.fields) expected.set(f, (expected.get(f) ?? 0) + (STATUS_WEIGHT[r.status] ?? 0));
    const likes = await db().select().from(bookLikes).where(eq(bookLikes.userId, id));
    expect(likes).toHaveLength(0);
    const profile = await computeJinroProfile(id);
    for (const f of profile.fields) expect(f.score).toBeCloseTo(expected.get(f.code) ?? 0, 1);
    expect(profile.basis).toBe(rows.length);
    const total = [...expected.values()].reduce((a, b) => a + b, 0);
    expect(profile.fields.reduce((a, f) => a + f.share, 0)).toBeCloseTo(100, 0);
    expect(total).toBeGreaterThan(0);
    const overview = await jinroOverview(id);
    expect(overview.top.length).toBe(3);
    for (const f of overview.top) for (const b of f.nextBooks) expect(b.careerFields).toContain(f.code);
  });

  it('never suggests a book more than one level outside the band (an L8 book to an L4 reader)', async () => {
    const student = await createStudent({ level: 4 });
    const far = await createBook({ level: 8, genre: 'SOCIETY' });
    await db()
      .update(books)
      .set({ careerFields: ['LAW_POLITICS'] })
      .where(eq(books.id, far.id));
    const read = await createBook({ level: 4, genre: 'SOCIETY' });
    await db()
      .update(books)
      .set({ careerFields: ['LAW_POLITICS'] })
      .where(eq(books.id, read.id));
    await assignBook({ student, book: read, status: BookStatus.COMPLETE });
    const overview = await jinroOverview(student.id);
    const field = overview.top.find((f) => f.code === 'LAW_POLITICS')!;
    expect(field.nextBooks.map((b) => b.id)).not.toContain(far.id);
    for (const f of overview.top) for (const b of f.nextBooks) expect(Math.abs(b.level - 4)).toBeLessThanOrEqual(2);
  });

  it('suggests next books within the level band, and only the nearest outside it when the field has none there', async () => {
    const student = await createStudent({ level: 2 });
    const science = await createBook({ level: 2, genre: 'SOCIETY' });
    await db()
      .update(books)
      .set({ careerFields: ['LAW_POLITICS'] })
      .where(eq(books.id, science.id));
    await assignBook({ student, book: science, status: BookStatus.COMPLETE });
    const overview = await jinroOverview(student.id);
    expect(overview.usualBand).toEqual({ from: 1, to: 3, widened: false });
    const field = overview.top.find((f) => f.code === 'LAW_POLITICS')!;
    const candidates = await db()
      .select({ level: books.level, fields: books.careerFields })
      .from(books)
      .where(and(eq(books.status, ItemStatus.ACTIVE), lte(books.level, 3)));
    const anyInBand = candidates.some((b) => b.fields.includes('LAW_POLITICS'));
    expect(field.widened).toBe(!anyInBand);
    if (anyInBand) for (const b of field.nextBooks) expect(b.level).toBeLessThanOrEqual(3);
    // Without books of the field in the band, only the next level's, nearest first.
    else {
      for (const b of field.nextBooks) expect(b.level).toBeLessThanOrEqual(4);
      expect(field.nextBooks.map((b) => b.level)).toEqual([...field.nextBooks.map((b) => b.level)].sort((a, b) => a - b));
    }
  });
});
