import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { db, executeRows } from '~/db/client.server';
import { organisations, readingRecords, resultBooks, users } from '~/db/schema';
import { BookStatus } from '~/domain/enums';
import { now } from '~/lib/clock.server';
import { addMonths, seoulMonth } from '~/lib/dates';
import { branchActivity, branchesReading } from '~/services/operators/branch.server';
import { useTestDatabase } from '../support/db';
import { assignBook, createAcademy, createStudent, unique } from '../support/factories';

// The academy-month rollup (academy_months' reading columns, drizzle/0023, decision 048): an academy's month is the
// sum of its members' reading_months rows, kept by triggers through every change the settlement month depends on: a
// reading added, corrected, moved to another month or deleted, a book completed, a member who joins, leaves or changes
// academy, a student stopped, a member deleted. After each, the rollup equals the sums computed from reading_months.

useTestDatabase();

type Figures = { readers: number; minutes: number; pages: number; sessions: number; completed: number };

/** The rollup's figures of an academy's month (zeros where it has no row). */
async function rollup(academyId: number, month: string): Promise<Figures> {
  const [row] = await executeRows<Figures>(
    db(),
    sql`select readers, minutes, pages, sessions, completed from academy_months where organisation_id = ${academyId} and month = ${month}`,
  );
  return row ?? { readers: 0, minutes: 0, pages: 0, sessions: 0, completed: 0 };
}

/** Rows where the rollup and the sums of today's members' reading_months differ (none when it is exact). */
async function differences() {
  return executeRows(
    db(),
    sql`with live as (
          select u.organisation_id, m.month, (count(*) filter (where m.sessions > 0))::int readers, sum(m.minutes)::int minutes,
                 sum(m.pages)::int pages, sum(m.sessions)::int sessions, sum(m.completed)::int completed
            from reading_months m join users u on u.id = m.user_id where u.organisation_id is not null group by 1, 2)
        select coalesce(a.organisation_id, l.organisation_id) as academy, coalesce(a.month, l.month) as month
          from academy_months a full join live l on l.organisation_id = a.organisation_id and l.month = a.month
         where coalesce(a.readers, 0) <> coalesce(l.readers, 0) or coalesce(a.minutes, 0) <> coalesce(l.minutes, 0)
            or coalesce(a.pages, 0) <> coalesce(l.pages, 0) or coalesce(a.sessions, 0) <> coalesce(l.sessions, 0)
            or coalesce(a.completed, 0) <> coalesce(l.completed, 0)`,
  );
}

/** A reading of the result book on `day` (pages `from`–`to`, `minutes`). */
async function read(book: { id: number; userId: number }, day: string, from: number, to: number, minutes: number) {
  const [row] = await db()
    .insert(readingRecords)
    .values({
      resultBookId: book.id,
      userId: book.userId,
      startPage: from,
      endPage: to,
      minutes,
      readDate: day,
      readMethod: 1,
      submissionKey: unique('months-'),
    })
    .returning({ id: readingRecords.id });
  return row.id;
}

describe('academy_months: an academy’s reading per month, kept by triggers', () => {
  it('adds readings, corrections, deletions and completed books to the member’s academy and month', async () => {
    const academy = await createAcademy();
    const a = await assignBook({ student: await createStudent({ academy }), pages: 200 });
    const b = await assignBook({ student: await createStudent({ academy }), pages: 200 });
    expect(await differences()).toEqual([]);

    const first = await read(a, '2026-09-03', 1, 20, 30);
    await read(a, '2026-09-10', 21, 30, 15);
    await read(b, '2026-09-11', 1, 5, 10);
    await read(b, '2026-10-01', 6, 10, 12);
    expect(await rollup(academy.id, '2026-09')).toEqual({ readers: 2, minutes: 55, pages: 35, sessions: 3, completed: 0 });
    expect(await rollup(academy.id, '2026-10')).toEqual({ readers: 1, minutes: 12, pages: 5, sessions: 1, completed: 0 });

    // A correction, then a reading moved to another month: a's September keeps one session, October gains a reader.
    await db().update(readingRecords).set({ minutes: 40, endPage: 25 }).where(eq(readingRecords.id, first));
    expect(await rollup(academy.id, '2026-09')).toEqual({ readers: 2, minutes: 65, pages: 40, sessions: 3, completed: 0 });
    await db().update(readingRecords).set({ readDate: '2026-10-02' }).where(eq(readingRecords.id, first));
    expect(await rollup(academy.id, '2026-09')).toEqual({ readers: 2, minutes: 25, pages: 15, sessions: 2, completed: 0 });
    expect(await rollup(academy.id, '2026-10')).toEqual({ readers: 2, minutes: 52, pages: 30, sessions: 2, completed: 0 });

    // b's only September reading deleted: September has one reader left.
    await db().delete(readingRecords).where(eq(readingRecords.userId, b.userId));
    expect(await rollup(academy.id, '2026-09')).toEqual({ readers: 1, minutes: 15, pages: 10, sessions: 1, completed: 0 });
    expect(await rollup(academy.id, '2026-10')).toEqual({ readers: 1, minutes: 40, pages: 25, sessions: 1, completed: 0 });

    // A book completed in October (Seoul) counts there; a book completed without sessions makes no reader.
    await db()
      .update(resultBooks)
      .set({ status: BookStatus.COMPLETE, completedAt: new Date('2026-10-20T03:00:00Z') })
      .where(eq(resultBooks.id, b.id));
    expect(await rollup(academy.id, '2026-10')).toEqual({ readers: 1, minutes: 40, pages: 25, sessions: 1, completed: 1 });
    expect(await differences()).toEqual([]);
  });

  it('moves a member’s months with the member: joining, changing academy, leaving, being deleted', async () => {
    const [first, second] = [await createAcademy(), await createAcademy()];
    const mover = await assignBook({ student: await createStudent({ academy: first }), pages: 100 });
    // A member written as a row (no join request that would keep the row from being deleted at the end).
    const [row] = await db()
      .insert(users)
      .values({
        loginId: unique('months_'),
        passwordHash: 'x',
        name: '머무는 학생',
        role: 'USER',
        status: 'ACTIVE',
        organisationId: first.id,
      })
      .returning({ id: users.id });
    const stays = await assignBook({ student: { id: row.id }, pages: 100 });
    await read(mover, '2026-09-05', 1, 10, 20);
    await read(mover, '2026-10-05', 11, 20, 25);
    await read(stays, '2026-09-06', 1, 4, 8);
    expect(await rollup(first.id, '2026-09')).toEqual({ readers: 2, minutes: 28, pages: 14, sessions: 2, completed: 0 });

    // Suspending a student (일시정지) changes nothing: the months are their reading, and they are still the academy's member.
    await db().update(users).set({ status: 'SUSPENDED' }).where(eq(users.id, stays.userId));
    expect(await rollup(first.id, '2026-09')).toEqual({ readers: 2, minutes: 28, pages: 14, sessions: 2, completed: 0 });

    // The mover changes academy: every month of theirs leaves the first and joins the second.
    await db().update(users).set({ organisationId: second.id }).where(eq(users.id, mover.userId));
    expect(await rollup(first.id, '2026-09')).toEqual({ readers: 1, minutes: 8, pages: 4, sessions: 1, completed: 0 });
    expect(await rollup(first.id, '2026-10')).toEqual({ readers: 0, minutes: 0, pages: 0, sessions: 0, completed: 0 });
    expect(await rollup(second.id, '2026-09')).toEqual({ readers: 1, minutes: 20, pages: 10, sessions: 1, completed: 0 });
    expect(await rollup(second.id, '2026-10')).toEqual({ readers: 1, minutes: 25, pages: 10, sessions: 1, completed: 0 });

    // Leaving every academy (an individual member now), then an individual member who joins one.
    await db().update(users).set({ organisationId: null }).where(eq(users.id, mover.userId));
    expect(await rollup(second.id, '2026-10')).toEqual({ readers: 0, minutes: 0, pages: 0, sessions: 0, completed: 0 });
    await db().update(users).set({ organisationId: first.id }).where(eq(users.id, mover.userId));
    expect(await rollup(first.id, '2026-10')).toEqual({ readers: 1, minutes: 25, pages: 10, sessions: 1, completed: 0 });
    // An individual member's reading counts nowhere until they join.
    await db().update(users).set({ organisationId: null }).where(eq(users.id, mover.userId));
    await read(mover, '2026-10-06', 21, 30, 5);
    expect(await rollup(first.id, '2026-10')).toEqual({ readers: 0, minutes: 0, pages: 0, sessions: 0, completed: 0 });
    await db().update(users).set({ organisationId: first.id }).where(eq(users.id, mover.userId));
    expect(await rollup(first.id, '2026-10')).toEqual({ readers: 1, minutes: 30, pages: 20, sessions: 2, completed: 0 });

    // A member deleted (their records go by cascade): their months leave the academy, counted once.
    await db().delete(users).where(eq(users.id, stays.userId));
    expect(await rollup(first.id, '2026-09')).toEqual({ readers: 1, minutes: 20, pages: 10, sessions: 1, completed: 0 });
    expect(await differences()).toEqual([]);
  });

  it('the branch’s month reads it a page of academies at a time, with the totals of every academy', async () => {
    const n = unique('');
    const [branch] = await db()
      .insert(organisations)
      .values({ kind: 'branch', name: `가나 지사 ${n}` })
      .returning();
    const academies = [];
    for (const name of ['다', '가', '나']) {
      const [row] = await db()
        .insert(organisations)
        .values({ kind: 'academy', name: `${name} 학원 ${n}`, code: `MONTHS${name.charCodeAt(0)}${n}`, branchId: branch.id })
        .returning();
      academies.push(row);
    }
    const past = addMonths(seoulMonth(now()), -1);
    const day = `${past}-10`;
    // 2, 1 and 0 readers; 3, 2 and 1 active students (one more suspended in the first).
    for (const [i, academy] of academies.entries()) {
      const students = await db()
        .insert(users)
        .values(
          Array.from({ length: 3 - i }, (_, k) => ({
            loginId: unique('branchmonth_'),
            passwordHash: 'x',
            name: `학생 ${k}`,
            role: 'USER' as const,
            status: 'ACTIVE' as const,
            organisationId: academy.id,
          })),
        )
        .returning({ id: users.id });
      for (const student of students.slice(0, 2 - i)) await read(await assignBook({ student, pages: 50 }), day, 1, 10 + i, 20 + i);
    }
    await db()
      .insert(users)
      .values({
        loginId: unique('branchmonth_'),
        passwordHash: 'x',
        name: '쉬는 학생',
        role: 'USER',
        status: 'SUSPENDED',
        organisationId: academies[0].id,
      });
    // The past month was recorded with 5 students at the first academy (the job's last record of it); the others have
    // no record, so their bill counts today's students.
    await db().execute(
      sql`insert into academy_months (organisation_id, month, active_students, recorded_at) values (${academies[0].id}, ${past}, 5, now())
          on conflict (organisation_id, month) do update set active_students = 5, recorded_at = now()`,
    );

    const whole = await branchActivity(branch.id, past, 1, 10);
    expect(whole.rows.map((r) => r.academyName)).toEqual([`가 학원 ${n}`, `나 학원 ${n}`, `다 학원 ${n}`]);
    expect(whole.rows.map((r) => [r.students, r.readers, r.minutes, r.pages])).toEqual([
      [2, 1, 21, 11],
      [1, 0, 0, 0],
      [5, 2, 40, 20],
    ]);
    expect(whole.rows.map((r) => r.bill.students)).toEqual([2, 1, 5]);
    expect(whole.total).toEqual({ students: 8, readers: 3, minutes: 61, pages: 31, completed: 0 });
    expect(whole).toMatchObject({ academies: 3, page: 1, pages: 1 });

    for (const size of [1, 2]) {
      const pages = Math.ceil(3 / size);
      const rows = [];
      for (let page = 1; page <= pages; page++) {
        const part = await branchActivity(branch.id, past, page, size);
        expect(part).toMatchObject({ page, pages, academies: 3, total: whole.total });
        rows.push(...part.rows);
      }
      expect(rows).toEqual(whole.rows);
    }
    // A page past the last shows the last.
    expect((await branchActivity(branch.id, past, 9, 2)).rows.map((r) => r.academyName)).toEqual([`다 학원 ${n}`]);
    // The operators' country view has the branch as one row with the same reading (decision 049), and its total is
    // every branch's row summed.
    const country = await branchesReading(past);
    expect(country.rows.find((r) => r.branchId === branch.id)).toEqual({
      branchId: branch.id,
      branchName: branch.name,
      academies: 3,
      readers: 3,
      minutes: 61,
      pages: 31,
      completed: 0,
    });
    // A branch without academies has its row too.
    const [empty] = await db()
      .insert(organisations)
      .values({ kind: 'branch', name: `빈 지사 ${n}` })
      .returning();
    expect((await branchesReading(past)).rows.find((r) => r.branchId === empty.id)).toEqual({
      branchId: empty.id,
      branchName: empty.name,
      academies: 0,
      readers: 0,
      minutes: 0,
      pages: 0,
      completed: 0,
    });
    const sum = (key: 'academies' | 'readers' | 'minutes') => country.rows.reduce((t, r) => t + r[key], 0);
    expect([country.total.academies, country.total.readers, country.total.minutes]).toEqual([
      sum('academies'),
      sum('readers'),
      sum('minutes'),
    ]);
    // The current month counts today's students (3, 2 and 1), and has no reading yet.
    const current = await branchActivity(branch.id, seoulMonth(now()), 1, 10);
    expect(current.total).toEqual({ students: 6, readers: 0, minutes: 0, pages: 0, completed: 0 });
    expect(current.rows.map((r) => r.bill.students)).toEqual([2, 1, 3]);
  });
});
