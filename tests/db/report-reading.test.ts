import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { db } from '~/db/client.server';
import { readingRecords, resultBooks, users } from '~/db/schema';
import { BookStatus } from '~/domain/enums';
import { getBookReport } from '~/services/problems/book-report.server';
import { useTestDatabase } from '../support/db';

useTestDatabase();

describe('per-book report', () => {
  it('shows the reading time, pages and sessions of the book’s records', async () => {
    const [student] = await db().select().from(users).where(eq(users.loginId, 'student'));
    const [book] = await db()
      .select()
      .from(resultBooks)
      .where(and(eq(resultBooks.userId, student.id), eq(resultBooks.status, BookStatus.COMPLETE)))
      .limit(1);
    const [totals] = await db()
      .select({
        minutes: sql<number>`coalesce(sum(${readingRecords.minutes}), 0)`.mapWith(Number),
        sessions: sql<number>`count(*)`.mapWith(Number),
        lastPage: sql<number>`max(${readingRecords.endPage})`.mapWith(Number),
      })
      .from(readingRecords)
      .where(eq(readingRecords.resultBookId, book.id));
    expect(totals.sessions).toBeGreaterThan(0);
    const report = await getBookReport(student.id, book.id);
    expect(report.reading.readingMinutes).toBe(totals.minutes);
    expect(report.reading.sessions).toBe(totals.sessions);
    expect(report.reading.pagesRead).toBe(totals.lastPage - (book.startPage ?? 1) + 1);
  });
});

describe('book indicator', () => {
  it('puts the student’s latest analysis score beside the readers’ average', async () => {
    const { analysisScoreIndicator } = await import('~/services/problems/book-report.server');
    const { problemAttempts } = await import('~/db/schema');
    const [student] = await db().select().from(users).where(eq(users.loginId, 'student'));
    const [book] = await db()
      .select()
      .from(resultBooks)
      .where(and(eq(resultBooks.userId, student.id), eq(resultBooks.status, BookStatus.COMPLETE)))
      .limit(1);
    const attempts = await db().select().from(problemAttempts).where(eq(problemAttempts.resultBookId, book.id));
    const marked = attempts.filter((a) => a.score !== null).sort((a, b) => b.round - a.round);
    expect(marked.length).toBeGreaterThan(0);
    const ind = await analysisScoreIndicator(student.id, book.id);
    expect(ind.mine).toBe(marked[0].score);
    expect(ind.takers).toBeGreaterThanOrEqual(1);
    expect(ind.average).not.toBeNull();
  });
});
