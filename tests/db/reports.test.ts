import { and, eq, gte, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { db } from '~/db/client.server';
import { countQueries } from '~/db/query-count.server';
import { levelHistory, noPageProgress, readingRecords, resultBooks, users } from '~/db/schema';
import { BookStatus } from '~/domain/enums';
import { addMonths, seoulDay, seoulMonth } from '~/lib/dates';
import * as dashboardApi from '~/routes/api+/user.dashboard';
import { dashboard, DASHBOARD_DAYS, generalReport, levelGraph, streakOf } from '~/services/reports.server';
import { makeRequest, sessionCookie } from '../support/auth';
import { useTestDatabase } from '../support/db';

useTestDatabase();

const userId = async (loginId: string) => (await db().select().from(users).where(eq(users.loginId, loginId)))[0].id;

/** Every reading session of a student recomputed independently of the service: (day, minutes, pages). */
async function sessions(id: number) {
  const excluded = new Set(
    (
      await db()
        .select()
        .from(resultBooks)
        .where(and(eq(resultBooks.userId, id), eq(resultBooks.status, BookStatus.EXCLUDE)))
    ).map((r) => r.id),
  );
  const rr = await db().select().from(readingRecords).where(eq(readingRecords.userId, id));
  const np = await db().select().from(noPageProgress).where(eq(noPageProgress.userId, id));
  return [
    ...rr
      .filter((r) => !excluded.has(r.resultBookId))
      .map((r) => ({ day: r.readDate, minutes: r.minutes, pages: r.endPage - r.startPage + 1, rb: r.resultBookId })),
    ...np.filter((r) => !excluded.has(r.resultBookId)).map((r) => ({ day: r.readDate, minutes: r.minutes, pages: 0, rb: r.resultBookId })),
  ];
}

describe('streak', () => {
  it('counts consecutive days ending today or yesterday', () => {
    expect(streakOf(['2026-11-21', '2026-11-20', '2026-11-19', '2026-11-17'], '2026-11-21')).toBe(3);
    expect(streakOf(['2026-11-20', '2026-11-19'], '2026-11-21')).toBe(2);
    expect(streakOf(['2026-11-19'], '2026-11-21')).toBe(0);
    expect(streakOf(['2026-03-01', '2026-02-28'], '2026-03-01')).toBe(2);
    expect(streakOf([], '2026-11-21')).toBe(0);
  });
});

describe('dashboard', () => {
  it('agrees with the reading records in the database', async () => {
    const id = await userId('student');
    const all = await sessions(id);
    expect(all.length).toBeGreaterThan(10);
    const d = await dashboard(id);
    const monthStart = `${seoulMonth()}-01`;
    const thisMonth = all.filter((s) => s.day >= monthStart);
    expect(d.thisMonth.minutes).toBe(thisMonth.reduce((a, s) => a + s.minutes, 0));
    expect(d.thisMonth.pages).toBe(thisMonth.reduce((a, s) => a + s.pages, 0));
    expect(d.thisMonth.booksRead).toBe(new Set(thisMonth.map((s) => s.rb)).size);
    expect(d.series).toHaveLength(DASHBOARD_DAYS);
    expect(d.series.at(-1)!.day).toBe(seoulDay());
    const windowStart = d.series[0].day;
    expect(d.series.reduce((a, s) => a + s.minutes, 0)).toBe(all.filter((s) => s.day >= windowStart).reduce((a, s) => a + s.minutes, 0));
    expect(d.streak).toBe(streakOf([...new Set(all.map((s) => s.day))], seoulDay()));
    // The demo student's note on 이상한 나라의 앨리스 was sent back: the rewrite comes before the book being read.
    expect(d.focus).toMatchObject({ title: '이상한 나라의 앨리스', status: BookStatus.NOTE, noteHeld: true });
    expect(d.focus?.next).toEqual({ label: '독서 노트 다시 쓰기', href: `/user/activity/readingBook/note/${d.focus?.resultBookId}` });
  });

  it('answers the API with the same figures', async () => {
    const cookie = `${await sessionCookie('student')}; XSRF-TOKEN=x`;
    const res = await dashboardApi.loader({ request: makeRequest('/api/user/dashboard', { cookie }), params: {}, context: {} });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.data.thisMonth).toEqual((await dashboard(await userId('student'))).thisMonth);
  });
});

describe('general report and level graph', () => {
  it('sums the months, genres and career fields of the records', async () => {
    const id = await userId('student2');
    const all = await sessions(id);
    const r = await generalReport(id);
    expect(r.months).toHaveLength(6);
    for (const m of r.months) {
      const inMonth = all.filter((s) => s.day.startsWith(m.month));
      expect(m.minutes, m.month).toBe(inMonth.reduce((a, s) => a + s.minutes, 0));
      expect(m.books, m.month).toBe(new Set(inMonth.map((s) => s.rb)).size);
    }
    expect(r.months[5].month).toBe(seoulMonth());
    expect(r.months[0].month).toBe(addMonths(seoulMonth(), -5));
    expect(r.totals.minutes).toBe(all.reduce((a, s) => a + s.minutes, 0));
    const read = await db()
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(resultBooks)
      .where(
        and(eq(resultBooks.userId, id), gte(resultBooks.status, BookStatus.ACTIVITY), sql`${resultBooks.status} <> ${BookStatus.EXCLUDE}`),
      );
    expect(r.genres.reduce((a, g) => a + g.books, 0)).toBe(read[0].n);
  });

  it('draws the level history in order', async () => {
    const id = await userId('student');
    const rows = await db().select().from(levelHistory).where(eq(levelHistory.userId, id));
    const g = await levelGraph(id);
    expect(g.points).toHaveLength(rows.length);
    expect(rows.length).toBeGreaterThan(2);
    expect([...g.points].sort((a, b) => a.date.localeCompare(b.date))).toEqual(g.points);
  });

  it('costs a bounded number of queries with a thousand records', async () => {
    const id = await userId('student3');
    const before = {
      dash: (await countQueries(() => dashboard(id))).queries.length,
      report: (await countQueries(() => generalReport(id))).queries.length,
      level: (await countQueries(() => levelGraph(id))).queries.length,
    };
    const [rb] = await db()
      .select()
      .from(resultBooks)
      .where(and(eq(resultBooks.userId, id), eq(resultBooks.isCurrent, true)));
    const today = Date.now();
    await db()
      .insert(readingRecords)
      .values(
        Array.from({ length: 1000 }, (_, i) => ({
          resultBookId: rb.id,
          userId: id,
          startPage: 1,
          endPage: 2,
          minutes: 10,
          readDate: seoulDay(new Date(today - (i % 200) * 86_400_000)),
          readMethod: rb.readMethod,
          isRepeat: true,
          submissionKey: `bulk-${i}`,
        })),
      );
    expect((await countQueries(() => dashboard(id))).queries.length).toBe(before.dash);
    expect((await countQueries(() => generalReport(id))).queries.length).toBe(before.report);
    expect((await countQueries(() => levelGraph(id))).queries.length).toBe(before.level);
    expect(before.dash).toBeLessThanOrEqual(9);
  });
});
