import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { db } from '~/db/client.server';
import { notes, organisations, problemAttempts, readingRecords, resultBooks, users } from '~/db/schema';
import { BookStatus, NoteState } from '~/domain/enums';
import { now } from '~/lib/clock.server';
import { seoulDay, seoulMonth } from '~/lib/dates';
import { findUserByLoginId } from '~/services/accounts.server';
import { academyDashboard } from '~/services/academy/dashboard.server';
import { branchActivity } from '~/services/operators/branch.server';
import { useTestDatabase } from '../support/db';

// 한빛 독서학원 (head5, 30 active students) lives a month as 해오름 does (full-academy.server.ts, decision 047): its
// readers read this month, finish books with their analyses and notes that head5 answered, at Seoul afternoon hours,
// sign in before their activity; the settlement and the head's dashboard show them.

useTestDatabase();

/** The Seoul hour of a timestamp, with minutes as a fraction. */
const seoulHour = (at: Date) => {
  const [h, m] = new Intl.DateTimeFormat('en-GB', { timeZone: 'Asia/Seoul', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' })
    .format(at)
    .split(':')
    .map(Number);
  return h + m / 60;
};

describe('한빛 독서학원’s demo month', () => {
  it('has readers, finished books, analyses and answered notes this month, in Seoul afternoon hours', async () => {
    const month = seoulMonth(now());
    const dayOfMonth = Number(seoulDay(now()).slice(8));
    const [academy] = await db().select({ id: organisations.id }).from(organisations).where(eq(organisations.code, 'HANBIT'));
    const students = await db()
      .select({ id: users.id, lastLoginAt: users.lastLoginAt, createdAt: users.createdAt })
      .from(users)
      .where(and(eq(users.organisationId, academy.id), eq(users.role, 'USER'), eq(users.status, 'ACTIVE')));
    expect(students).toHaveLength(30);
    const ids = students.map((s) => s.id);

    const records = await db()
      .select({ userId: readingRecords.userId, createdAt: readingRecords.createdAt, readDate: readingRecords.readDate })
      .from(readingRecords)
      .where(inArray(readingRecords.userId, ids));
    // Every reader read, each record at 15:00–21:30 in Seoul, on its Seoul day, never in the future.
    expect(new Set(records.map((r) => r.userId)).size).toBe(30);
    for (const r of records) {
      expect(seoulHour(r.createdAt)).toBeGreaterThanOrEqual(15);
      expect(seoulHour(r.createdAt)).toBeLessThan(21.5);
      expect(seoulDay(r.createdAt)).toBe(r.readDate);
      expect(r.createdAt.getTime()).toBeLessThanOrEqual(now().getTime());
    }
    // Everyone signed in after joining and before now.
    for (const s of students) {
      expect(s.lastLoginAt).not.toBeNull();
      expect(s.lastLoginAt!.getTime()).toBeGreaterThan(s.createdAt.getTime());
    }

    const finished = await db()
      .select({ id: resultBooks.id, completedAt: resultBooks.completedAt, assignedAt: resultBooks.assignedAt, userId: resultBooks.userId })
      .from(resultBooks)
      .where(and(inArray(resultBooks.userId, ids), eq(resultBooks.status, BookStatus.COMPLETE)));
    const settlement = (await branchActivity(null, month, 1, 10_000)).rows.find((r) => r.academyId === academy.id)!;
    const dashboard = await academyDashboard({ ...(await findUserByLoginId('head5'))!, role: 'ADMIN', authorities: ['HEAD'] });
    // Every fifth reader stopped 9–12 days ago: named on the dashboard.
    expect(dashboard.stopped.total).toBe(6);
    expect(settlement.students).toBe(30);
    if (dayOfMonth >= 14) {
      // Past the month's first fortnight: most read this month and finished books, as the settlement and dashboard say.
      expect(settlement.readers).toBe(30);
      expect(settlement.completed).toBe(finished.length);
      expect(finished.length).toBeGreaterThanOrEqual(20);
      expect(dashboard.booksCompleted).toBe(finished.length);
      expect(dashboard.activeReaders).toBe(30);
      for (const b of finished) {
        expect(seoulMonth(b.completedAt!)).toBe(month);
        expect(b.assignedAt.getTime()).toBeGreaterThan(students.find((s) => s.id === b.userId)!.createdAt.getTime());
      }
    }
    // Each finished book was analysed (a marked attempt) and written about; head5 answered every note.
    const analyses = await db()
      .select({ id: problemAttempts.id })
      .from(problemAttempts)
      .where(and(inArray(problemAttempts.userId, ids), sql`${problemAttempts.markedAt} is not null`));
    expect(analyses.length).toBe(finished.length);
    const written = await db().select({ state: notes.state, commented: notes.commentedAt }).from(notes).where(inArray(notes.userId, ids));
    expect(written.length).toBe(finished.length);
    expect(written.every((n) => n.state === NoteState.COMMENT_COMPLETE && n.commented !== null)).toBe(true);
    // The applicant waiting for head5 never signed in.
    const waiting = await db()
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.loginId, 'applicant3'), isNull(users.lastLoginAt)));
    expect(waiting).toHaveLength(1);
  });
});
