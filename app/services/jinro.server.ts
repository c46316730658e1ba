import { and, arrayOverlaps, asc, eq, gte, ne, notExists, sql } from 'drizzle-orm';
import { db } from '~/db/client.server';
import { bookLikes, books, jinroProfiles, resultBooks, users, type JinroProfile } from '~/db/schema';
import { CAREER_FIELDS, LEVEL_BAND, levelBand, type CareerFieldCode } from '~/domain/catalogue';
import { DEFAULT_LEVEL } from '~/services/library.server';
import { BookStatus, ItemStatus } from '~/domain/enums';
import { now } from '~/lib/clock.server';
import { z } from 'zod';
import { isoDate } from '~/domain/api-schemas.server';

// Career guidance (진로, product.md §2): every book carries career fields; a student's reading is summed by field
// into an interest profile, which points to careers and to the books to read next.

/** How much a book counts toward the profile, by how far the student went with it. */
export const STATUS_WEIGHT: Partial<Record<number, number>> = {
  [BookStatus.ACTIVITY]: 1,
  [BookStatus.DIAGNOSIS]: 2,
  [BookStatus.NOTE]: 2.5,
  [BookStatus.COMPLETE]: 3,
};
export const LIKE_WEIGHT = 1;

/** The JSON API's shape of a JinroProfile: the student's interest by career field. */
export const jinroProfileAnswer = z.object({
  fields: z.array(z.object({ code: z.string(), score: z.number(), share: z.number(), books: z.number() })),
  /** How many books the profile rests on. */
  basis: z.number(),
});
export const jinroReloadAnswer = z.object({ profile: jinroProfileAnswer, computedAt: isoDate });
const bandAnswer = z.object({ from: z.number(), to: z.number(), widened: z.boolean() });
export const jinroOverviewAnswer = jinroReloadAnswer.extend({
  top: z.array(
    z.object({
      code: z.string(),
      score: z.number(),
      share: z.number(),
      books: z.number(),
      label: z.string(),
      careers: z.array(z.string()),
      nextBooks: z.array(
        z.object({ id: z.number().int(), title: z.string(), author: z.string(), level: z.number(), careerFields: z.array(z.string()) }),
      ),
      widened: z.boolean(),
    }),
  ),
  level: z.number(),
  needsLevelTest: z.boolean(),
  usualBand: bandAnswer,
});

/** Computes the profile from the student's books and likes (2 queries). */
export async function computeJinroProfile(userId: number): Promise<JinroProfile> {
  const [read, liked] = await Promise.all([
    db()
      .select({ status: resultBooks.status, fields: books.careerFields })
      .from(resultBooks)
      .innerJoin(books, eq(books.id, resultBooks.bookId))
      .where(and(eq(resultBooks.userId, userId), gte(resultBooks.status, BookStatus.ACTIVITY), ne(resultBooks.status, BookStatus.EXCLUDE))),
    db()
      .select({ fields: books.careerFields })
      .from(bookLikes)
      .innerJoin(books, eq(books.id, bookLikes.bookId))
      .where(eq(bookLikes.userId, userId)),
  ]);
  const score = new Map<string, number>();
  const count = new Map<string, number>();
  for (const r of read) {
    const w = STATUS_WEIGHT[r.status] ?? 0;
    for (const f of r.fields) {
      score.set(f, (score.get(f) ?? 0) + w);
      count.set(f, (count.get(f) ?? 0) + 1);
    }
  }
  for (const l of liked) for (const f of l.fields) score.set(f, (score.get(f) ?? 0) + LIKE_WEIGHT);
  const total = [...score.values()].reduce((a, b) => a + b, 0);
  const fields = CAREER_FIELDS.map((f) => {
    const s = score.get(f.code) ?? 0;
    return {
      code: f.code,
      score: Math.round(s * 10) / 10,
      share: total ? Math.round((s / total) * 1000) / 10 : 0,
      books: count.get(f.code) ?? 0,
    };
  }).sort((a, b) => b.score - a.score || a.code.localeCompare(b.code));
  return { fields, basis: read.length };
}

/** jinro/reload: recompute and keep the profile. */
export async function reloadJinro(userId: number): Promise<z.infer<typeof jinroReloadAnswer>> {
  const profile = await computeJinroProfile(userId);
  const computedAt = now();
  await db()
    .insert(jinroProfiles)
    .values({ userId, profile, computedAt })
    .onConflictDoUpdate({ target: jinroProfiles.userId, set: { profile, computedAt } });
  return { profile, computedAt };
}

export const TOP_FIELDS = 3;
const NEXT_BOOKS_PER_FIELD = 3;
/** How far from the student's level the next books of a field may go when its band has none: one level past it. */
const NEXT_BOOKS_MAX_REACH = LEVEL_BAND + 1;

/**
 * The career page: the kept profile (or, before the first reload, one computed on the fly and not stored: a GET never
 * writes), its top fields with their careers, and for each field the books to read next (near the student's level,
 * not assigned yet), within the student's level band. A fixed number of queries.
 */
export async function jinroOverview(userId: number): Promise<z.infer<typeof jinroOverviewAnswer>> {
  const [kept] = await db().select().from(jinroProfiles).where(eq(jinroProfiles.userId, userId));
  const { profile, computedAt } = kept ?? { profile: await computeJinroProfile(userId), computedAt: now() };
  const top = profile.fields.filter((f) => f.score > 0).slice(0, TOP_FIELDS);
  const [me] = await db().select({ level: users.level }).from(users).where(eq(users.id, userId));
  const level = me?.level ?? DEFAULT_LEVEL;
  const usualBand = levelBand(level, LEVEL_BAND);
  const topCodes = top.map((f) => f.code);
  const candidates = topCodes.length
    ? await db()
        .select({ id: books.id, title: books.title, author: books.author, level: books.level, careerFields: books.careerFields })
        .from(books)
        .where(
          and(
            eq(books.status, ItemStatus.ACTIVE),
            arrayOverlaps(books.careerFields, topCodes),
            notExists(
              db()
                .select({ one: sql`1` })
                .from(resultBooks)
                .where(and(eq(resultBooks.userId, userId), eq(resultBooks.bookId, books.id))),
            ),
          ),
        )
        .orderBy(sql`abs(${books.level} - ${level})`, asc(books.id))
    : [];
  const fields = top.map((f) => {
    const meta = CAREER_FIELDS.find((c) => c.code === f.code)!;
    const ofField = candidates.filter((b) => b.careerFields.includes(f.code as CareerFieldCode));
    // Within the band; when the field has nothing new there, the levels just outside it (NEXT_BOOKS_MAX_REACH) and no
    // further, and the page says so: an L4 reader is never offered an L8 book; with none that near, no book at all.
    const distance = (b: { level: number }) => Math.abs(b.level - level);
    const nearest = ofField.length ? Math.min(...ofField.map(distance)) : Infinity;
    const reach = Math.max(LEVEL_BAND, nearest <= NEXT_BOOKS_MAX_REACH ? nearest : LEVEL_BAND);
    return {
      ...f,
      label: meta.label,
      careers: [...meta.careers],
      nextBooks: ofField.filter((b) => distance(b) <= reach).slice(0, NEXT_BOOKS_PER_FIELD),
      /** The band has no new book of the field: the books shown (if any) are one level outside it. */
      widened: nearest > LEVEL_BAND,
    };
  });
  return { profile, computedAt, top: fields, level, needsLevelTest: me?.level == null, usualBand };
}
