import type { LoaderFunctionArgs } from '@remix-run/node';
import { and, eq, inArray, ne } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { db } from '~/db/client.server';
import { countQueries } from '~/db/query-count.server';
import {
  academyJoinRequests,
  books,
  classMemberships,
  classes,
  noPageProgress,
  noteHistory,
  notes,
  organisations,
  payments,
  problemAttempts,
  readingRecords,
  reportComments,
  resultBooks,
  users,
} from '~/db/schema';
import { BookStatus, NoteState, ReadMethod } from '~/domain/enums';
import { now } from '~/lib/clock.server';
import { addMonths, seoulDay, seoulDayStart, seoulMonth } from '~/lib/dates';
import { loader as dashboardLoader } from '~/routes/admin+/dashboard';
import { loader as myPageLoader } from '~/routes/admin+/my-page._index';
import { loader as notesLoader } from '~/routes/admin+/notes._index';
import { loader as paymentsLoader } from '~/routes/admin+/payments';
import { loader as classReportLoader } from '~/routes/admin+/reports.classes.$classId';
import { loader as studentReportLoader } from '~/routes/admin+/reports.students.$studentId';
import { loader as studentsLoader } from '~/routes/admin+/students';
import { academyDashboard } from '~/services/academy/dashboard.server';
import { billingOverview } from '~/services/academy/billing.server';
import { classReport, parentReport, reportMonth } from '~/services/academy/parent-report.server';
import { makeRequest, respond, sessionCookie } from '../support/auth';
import { useTestDatabase } from '../support/db';
import { createAcademy, createBook, createClass, createStaff, createStudent } from '../support/factories';

useTestDatabase();

const DAY = 24 * 60 * 60 * 1000;

async function account(loginId: string) {
  const [u] = await db()
    .select({ id: users.id, name: users.name, role: users.role, organisationId: users.organisationId, authorities: users.authorities })
    .from(users)
    .where(eq(users.loginId, loginId));
  return u;
}

async function studentsOf(organisationId: number) {
  return db()
    .select()
    .from(users)
    .where(and(eq(users.organisationId, organisationId), eq(users.role, 'USER')));
}

/** Reading sessions of these students, recomputed from the rows (books excluded from reading left out). */
async function sessionsOf(ids: number[]) {
  if (!ids.length) return [];
  const rbs = await db().select().from(resultBooks).where(inArray(resultBooks.userId, ids));
  const excluded = new Set(rbs.filter((r) => r.status === BookStatus.EXCLUDE).map((r) => r.id));
  const rr = await db().select().from(readingRecords).where(inArray(readingRecords.userId, ids));
  const np = await db().select().from(noPageProgress).where(inArray(noPageProgress.userId, ids));
  return [
    ...rr
      .filter((r) => !excluded.has(r.resultBookId))
      .map((r) => ({ userId: r.userId, day: r.readDate, minutes: r.minutes, pages: r.endPage - r.startPage + 1, rb: r.resultBookId })),
    ...np
      .filter((r) => !excluded.has(r.resultBookId))
      .map((r) => ({ userId: r.userId, day: r.readDate, minutes: r.minutes, pages: 0, rb: r.resultBookId })),
  ];
}

const sum = <T>(rows: T[], f: (r: T) => number) => rows.reduce((a, r) => a + f(r), 0);
const daysAgo = (n: number) => seoulDay(new Date(now().getTime() - n * DAY));

/** Moves these students' joining (account made, join request approved) `days` days back. */
async function joinedDaysAgo(students: { id: number }[], days: number) {
  const at = new Date(now().getTime() - days * DAY);
  const ids = students.map((s) => s.id);
  await db().update(users).set({ createdAt: at }).where(inArray(users.id, ids));
  await db().update(academyJoinRequests).set({ decidedAt: at }).where(inArray(academyJoinRequests.userId, ids));
}

describe('the academy dashboard', () => {
  it("shows a head the academy's month as the rows in the database add up", async () => {
    const head = await account('head');
    const students = await studentsOf(head.organisationId!);
    const ids = students.map((s) => s.id);
    const month = seoulMonth(now());
    const monthStart = `${month}-01`;
    const all = await sessionsOf(ids);
    const thisMonth = all.filter((s) => s.day >= monthStart);
    const rbs = await db().select().from(resultBooks).where(inArray(resultBooks.userId, ids));
    const waitingNotes = await db()
      .select()
      .from(notes)
      .where(and(inArray(notes.userId, ids), eq(notes.state, NoteState.WRITE)));

    const d = await academyDashboard(head);
    expect(d.month).toBe(month);
    expect(d.activeReaders).toBe(new Set(thisMonth.map((s) => s.userId)).size);
    expect(d.activeReaders).toBeGreaterThan(0);
    expect(d.minutes).toBe(sum(thisMonth, (s) => s.minutes));
    expect(d.pages).toBe(sum(thisMonth, (s) => s.pages));
    expect(sum(d.minutesPerDay, (p) => p.minutes)).toBe(d.minutes);
    expect(d.minutesPerDay.at(-1)!.day).toBe(seoulDay(now()));
    expect(d.minutesPerDay[0].day).toBe(monthStart);
    const monthStartAt = seoulDayStart(monthStart)!.getTime();
    expect(d.booksCompleted).toBe(
      rbs.filter((r) => r.status === BookStatus.COMPLETE && r.completedAt && r.completedAt.getTime() >= monthStartAt).length,
    );
    expect(d.notesWaiting).toBe(waitingNotes.length);
    expect(d.waitingForMethod.total).toBe(
      rbs.filter((r) => r.readMethod === ReadMethod.NONE && r.status !== BookStatus.EXCLUDE && r.status !== BookStatus.COMPLETE).length,
    );
    expect(d.basicPaid).toBe(true);
    expect(d.head).toBe(true);
    // Per class: the open classes, each with its current students' month.
    const open = await db()
      .select()
      .from(classes)
      .where(and(eq(classes.organisationId, head.organisationId!), eq(classes.status, 'OPEN')));
    expect(d.classes.map((c) => c.name).sort()).toEqual(open.map((c) => c.name).sort());
    for (const c of d.classes) {
      const members = (
        await db()
          .select()
          .from(classMemberships)
          .where(and(eq(classMemberships.classId, c.id)))
      )
        .filter((m) => m.leftAt === null)
        .map((m) => m.userId);
      const rows = thisMonth.filter((s) => members.includes(s.userId));
      expect(c).toMatchObject({ students: members.length, minutes: sum(rows, (s) => s.minutes), pages: sum(rows, (s) => s.pages) });
    }
  });

  it('names the readers who stopped (every fifth demo reader) and not the others', async () => {
    const head = await account('head');
    const d = await academyDashboard(head);
    const names = d.stopped.students.map((s) => s.name);
    const readers = await db()
      .select()
      .from(users)
      .where(
        inArray(
          users.loginId,
          Array.from({ length: 25 }, (_, i) => `reader${String(i + 1).padStart(2, '0')}`),
        ),
      );
    const byLogin = new Map(readers.map((r) => [r.loginId, r]));
    for (let i = 1; i <= 25; i++) {
      const r = byLogin.get(`reader${String(i).padStart(2, '0')}`)!;
      if (i % 5 === 0) expect(names, r.loginId).toContain(r.name);
      else expect(names, r.loginId).not.toContain(r.name);
    }
    // The whole list agrees with the rows: active students with 7 days or more since their last reading or, for one
    // who never read, since they joined (their account made or their join request approved, whichever is later).
    const students = (await studentsOf(head.organisationId!)).filter((s) => s.status === 'ACTIVE');
    const all = await sessionsOf(students.map((s) => s.id));
    const approvals = await db()
      .select()
      .from(academyJoinRequests)
      .where(and(eq(academyJoinRequests.academyId, head.organisationId!), eq(academyJoinRequests.status, 'APPROVED')));
    const cutoff = daysAgo(7);
    const expected = students.filter((s) => {
      const days = all.filter((x) => x.userId === s.id).map((x) => x.day);
      const joined = [s.createdAt, ...approvals.filter((a) => a.userId === s.id).map((a) => a.decidedAt!)].map((d) => seoulDay(d)).sort();
      return (days.sort().at(-1) ?? joined.at(-1)!) <= cutoff;
    });
    expect(d.stopped.total).toBe(expected.length);
    expect(new Set(d.stopped.students.map((s) => s.id))).toEqual(new Set(expected.map((s) => s.id)));
    const stopped = d.stopped.students.find((s) => s.name === byLogin.get('reader05')!.name)!;
    expect(stopped.lastDay! <= cutoff).toBe(true);
  });

  it("lists a student who never read, but not a paused or withdrawn one; a teacher sees only their classes' students", async () => {
    const academy = await createAcademy();
    const head = await createStaff(academy, 'HEAD');
    const teacher = await createStaff(academy, 'TEACHER');
    const never = await createStudent({ academy, name: '한번도안읽음' });
    const paused = await createStudent({ academy, name: '쉬는학생' });
    const other = await createStudent({ academy, name: '다른반학생' });
    await db().update(users).set({ status: 'SUSPENDED' }).where(eq(users.id, paused.id));
    await joinedDaysAgo([never, paused, other], 10);
    await createClass(academy, { teachers: [teacher], students: [never, paused] });
    await createClass(academy, { students: [other] });
    const { id: bookId } = await createBook();
    const [rb] = await db()
      .insert(resultBooks)
      .values({ userId: other.id, bookId, status: BookStatus.ACTIVITY, readMethod: ReadMethod.NONE })
      .returning();
    await db()
      .insert(readingRecords)
      .values({
        resultBookId: rb.id,
        userId: other.id,
        startPage: 1,
        endPage: 10,
        minutes: 20,
        readDate: seoulDay(now()),
        readMethod: ReadMethod.FREE,
        submissionKey: 'dash-1',
      });

    const byHead = await academyDashboard(head);
    expect(byHead.stopped.students.map((s) => s.name)).toEqual(['한번도안읽음']);
    expect(byHead.stopped.students[0].lastDay).toBeNull();
    expect(byHead.activeReaders).toBe(1);
    expect(byHead.minutes).toBe(20);
    expect(byHead.pages).toBe(10);
    expect(byHead.waitingForMethod.books).toEqual([expect.objectContaining({ studentId: other.id, resultBookId: rb.id })]);

    const byTeacher = await academyDashboard(teacher);
    expect(byTeacher.head).toBe(false);
    expect(byTeacher.activeReaders).toBe(0);
    expect(byTeacher.minutes).toBe(0);
    expect(byTeacher.waitingForMethod.total).toBe(0);
    expect(byTeacher.stopped.students.map((s) => s.name)).toEqual(['한번도안읽음']);
    expect(byTeacher.classes).toHaveLength(1);
  });

  it('counts the 7 days from the last reading or, for one who never read, from joining (Seoul days)', async () => {
    const academy = await createAcademy();
    const head = await createStaff(academy, 'HEAD');
    const today = await createStudent({ academy, name: '오늘가입' });
    const sixDays = await createStudent({ academy, name: '엿새전가입' });
    const sevenDays = await createStudent({ academy, name: '이레전가입' });
    const readLately = await createStudent({ academy, name: '엿새전독서' });
    const readLong = await createStudent({ academy, name: '이레전독서' });
    const rejoined = await createStudent({ academy, name: '다시가입' });
    await joinedDaysAgo([sixDays], 6);
    await joinedDaysAgo([sevenDays, readLately, readLong, rejoined], 30);
    // 다시가입's account is a month old, but the academy approved its join request three days ago.
    await db()
      .update(academyJoinRequests)
      .set({ decidedAt: new Date(now().getTime() - 3 * DAY) })
      .where(eq(academyJoinRequests.userId, rejoined.id));
    await db()
      .update(users)
      .set({ createdAt: new Date(seoulDayStart(daysAgo(7))!.getTime() + 60_000) })
      .where(eq(users.id, sevenDays.id));
    const { id: bookId } = await createBook();
    for (const [student, day] of [
      [readLately, daysAgo(6)],
      [readLong, daysAgo(7)],
    ] as const) {
      const [rb] = await db()
        .insert(resultBooks)
        .values({ userId: student.id, bookId, status: BookStatus.ACTIVITY, readMethod: ReadMethod.FREE })
        .returning();
      await db()
        .insert(readingRecords)
        .values({
          resultBookId: rb.id,
          userId: student.id,
          startPage: 1,
          endPage: 5,
          minutes: 10,
          readDate: day,
          readMethod: ReadMethod.FREE,
          submissionKey: `stopped-${student.id}`,
        });
    }

    const d = await academyDashboard(head);
    expect(d.stopped.students.map((s) => s.name)).toEqual(['이레전가입', '이레전독서']);
    expect(d.stopped.total).toBe(2);
    expect(d.stopped.students[0]).toMatchObject({ lastDay: null, joinedDay: daysAgo(7) });
    expect(d.stopped.students[1]).toMatchObject({ lastDay: daysAgo(7) });
    expect(d.stopped.students.map((s) => s.id)).not.toContain(today.id);
  });

  it("gives the demo teachers their own classes' students only", async () => {
    const teacher = await account('teacher');
    const teacher4 = await account('teacher4');
    const name = async (login: string) => (await account(login)).name;
    const t = await academyDashboard(teacher);
    const t4 = await academyDashboard(teacher4);
    const tNames = t.stopped.students.map((s) => s.name);
    const t4Names = t4.stopped.students.map((s) => s.name);
    for (const login of ['reader05', 'reader10']) {
      expect(tNames).toContain(await name(login));
      expect(t4Names).not.toContain(await name(login));
    }
    for (const login of ['reader15', 'reader20', 'reader25']) {
      expect(t4Names).toContain(await name(login));
      expect(tNames).not.toContain(await name(login));
    }
    expect(t.classes.map((c) => c.name)).toEqual(['햇살반']);
    expect(t4.classes.map((c) => c.name)).toEqual(['달빛반']);
    // The teacher's figures are their class's: 햇살반's students' sessions this month.
    const members = (await db().select().from(classMemberships).where(eq(classMemberships.classId, t.classes[0].id)))
      .filter((m) => m.leftAt === null)
      .map((m) => m.userId);
    const thisMonth = (await sessionsOf(members)).filter((s) => s.day >= `${t.month}-01`);
    expect(t.minutes).toBe(sum(thisMonth, (s) => s.minutes));
    expect(t.activeReaders).toBe(new Set(thisMonth.map((s) => s.userId)).size);
  });

  it('costs a fixed number of queries with 500 students and 20,000 reading records', async () => {
    const academy = await createAcademy();
    const head = await createStaff(academy, 'HEAD');
    const klass = await createClass(academy, { teachers: [await createStaff(academy)] });
    const small = await countQueries(() => academyDashboard(head));

    const rows = await db()
      .insert(users)
      .values(
        Array.from({ length: 500 }, (_, i) => ({
          loginId: `bulk_dash_${i}`,
          passwordHash: 'x',
          name: `대량학생${i}`,
          role: 'USER' as const,
          authorities: ['STUDENT' as const],
          organisationId: academy.id,
        })),
      )
      .returning({ id: users.id });
    await db()
      .insert(classMemberships)
      .values(rows.map((r) => ({ classId: klass.id, userId: r.id })));
    const { id: bookId } = await createBook({ pages: 300 });
    const rbs = await db()
      .insert(resultBooks)
      .values(rows.map((r) => ({ userId: r.id, bookId, status: BookStatus.ACTIVITY, readMethod: ReadMethod.FREE })))
      .returning({ id: resultBooks.id, userId: resultBooks.userId });
    for (let chunk = 0; chunk < 20; chunk++) {
      await db()
        .insert(readingRecords)
        .values(
          Array.from({ length: 1000 }, (_, j) => {
            const i = chunk * 1000 + j;
            const rb = rbs[i % rbs.length];
            return {
              resultBookId: rb.id,
              userId: rb.userId,
              startPage: 1,
              endPage: 5,
              minutes: 10,
              readDate: daysAgo(i % 40),
              readMethod: ReadMethod.FREE,
              submissionKey: `bulk-dash-${i}`,
            };
          }),
        );
    }
    const large = await countQueries(() => academyDashboard(head));
    expect(large.queries.length).toBe(small.queries.length);
    // Seven for the figures, two for the month's billing state (the organisation, then its prices and orders) and one
    // for the classes' goals (a second for their students' figures when a class has one).
    expect(large.queries.length).toBeLessThanOrEqual(10);
    const monthStart = `${seoulMonth(now())}-01`;
    const expectedMinutes = Array.from({ length: 20_000 }, (_, i) => daysAgo(i % 40)).filter((d) => d >= monthStart).length * 10;
    expect(large.result.minutes).toBe(expectedMinutes);
  }, 120_000);
});

describe('the payment page', () => {
  it('says what is due this month, whether it is paid, and lists the payments with labels', async () => {
    const head = await account('head');
    const b = await billingOverview(head);
    expect(b.due).toEqual({ tier: '기본 이용료', amount: 99000, display: '₩99,000' });
    expect(b.paid).toBe(true);
    const rows = await db().select().from(payments).where(eq(payments.organisationId, head.organisationId!));
    expect(b.total).toBe(rows.length);
    expect(b.history[0].month).toBe(seoulMonth(now()));
    expect(b.history.map((h) => h.status)).toEqual(expect.arrayContaining(['결제 완료', '결제 실패', '결제 취소', '환불']));
    expect(b.history.map((h) => h.tier)).toEqual(expect.arrayContaining(['기본 이용료', '신규 등록']));
    expect(b.history.map((h) => h.method)).toEqual(expect.arrayContaining(['계좌이체']));
    expect(b.history.find((h) => h.success)!.amount).toMatch(/^₩\d{1,3}(,\d{3})+$/);

    const head2 = await account('head2');
    const b2 = await billingOverview(head2);
    expect(b2.paid).toBe(false);
    expect(b2.history.every((h) => h.month !== seoulMonth(now()) || !h.success || h.tier !== '기본 이용료')).toBe(true);
  });

  it('is for heads only', async () => {
    const cookie = await sessionCookie('teacher');
    const res = await respond(() => paymentsLoader({ request: makeRequest('/admin/payments', { cookie }), params: {}, context: {} }));
    expect(res.status).toBe(403);
    expect(await res.json()).toMatchObject({ alert: { message: '학원장만 접근 가능합니다.' } });
  });
});

describe('an academy without this month’s basic payment (head2)', () => {
  it('opens the dashboard, the payment page and the my page; every other page answers the spec’s alert', async () => {
    const cookie = await sessionCookie('head2');
    const head2 = await account('head2');
    const [klass] = await db().select().from(classes).where(eq(classes.organisationId, head2.organisationId!));
    const [student] = await studentsOf(head2.organisationId!);
    const call = (fn: (args: LoaderFunctionArgs) => Promise<unknown>, path: string, params: Record<string, string> = {}) =>
      respond(() => fn({ request: makeRequest(path, { cookie }), params, context: {} }));

    const dash = await call(dashboardLoader, '/admin/dashboard');
    expect(dash.status).toBe(200);
    expect(await dash.json()).toMatchObject({ basicPaid: false, head: true });
    expect((await call(paymentsLoader, '/admin/payments')).status).toBe(200);
    expect((await call(myPageLoader, '/admin/my-page')).status).toBe(200);

    const blocked = [
      await call(studentsLoader, '/admin/students'),
      await call(notesLoader, '/admin/notes'),
      await call(studentReportLoader, `/admin/reports/students/${student.id}`, { studentId: String(student.id) }),
      await call(classReportLoader, `/admin/reports/classes/${klass.id}`, { classId: String(klass.id) }),
    ];
    for (const res of blocked) {
      expect(res.status).toBe(403);
      expect(await res.json()).toMatchObject({ alert: { message: '이번 달 기본 결제를 해 주세요.' } });
    }

    // Every other page and download of the admin area, its loader and its action, refuses the same way.
    const modules = import.meta.glob<{
      loader?: (args: LoaderFunctionArgs) => Promise<unknown>;
      action?: (args: LoaderFunctionArgs) => Promise<unknown>;
    }>('../../app/routes/admin+/*.{ts,tsx}');
    const open = [
      '_layout',
      'dashboard',
      'payments',
      'payments_.$paymentId',
      'payments_.automatic',
      'my-page._index',
      'my-page.me',
      '__report-parts',
      // The inbox, 1:1 inquiries and the FAQ stay open: an unpaid academy must be able to ask about paying.
      'message._index',
      'message.$id',
      'inquiry._index',
      'inquiry.new',
      'inquiry.$id',
      'faq._index',
      'faq.$section',
      // Reading notices needs no payment (one may be about paying); writing one does (tests/db/notices.test.ts).
      'notices._index',
      'notices.$noticeId',
    ];
    const params = { studentId: String(student.id), classId: String(klass.id), importId: '1', teacherId: String(head2.id), noteId: '1' };
    let checked = 0;
    for (const [file, load] of Object.entries(modules)) {
      const name = file
        .split('/')
        .pop()!
        .replace(/\.tsx?$/, '');
      if (open.includes(name)) continue;
      const mod = await load();
      for (const fn of [mod.loader, mod.action]) {
        if (!fn) continue;
        const method = fn === mod.action ? 'POST' : 'GET';
        const res = await respond(() =>
          fn({ request: makeRequest('/admin/x', { cookie, method, form: method === 'POST' ? {} : undefined }), params, context: {} }),
        );
        expect(res.status, `${name} ${method}`).toBe(403);
        expect(await res.json(), `${name} ${method}`).toMatchObject({ alert: { message: '이번 달 기본 결제를 해 주세요.' } });
        checked += 1;
      }
    }
    expect(checked).toBeGreaterThan(25);
  });
});

describe('the monthly reports', () => {
  it("gives a student's month as the rows add up, with the teacher's latest comment of the month", async () => {
    const head = await account('head');
    const [student] = await db().select().from(users).where(eq(users.loginId, 'student'));
    const month = seoulMonth(now());
    const from = seoulDayStart(`${month}-01`)!.getTime();
    const to = seoulDayStart(`${addMonths(month, 1)}-01`)!.getTime();
    const inMonth = (d: Date | null) => d !== null && d.getTime() >= from && d.getTime() < to;

    // A teacher's comment on one of the student's notes, now (and no comment written for the report: the staff's copy
    // then carries the note's comment).
    await db().delete(reportComments).where(eq(reportComments.studentId, student.id));
    const [note] = await db()
      .select()
      .from(notes)
      .where(and(eq(notes.userId, student.id), ne(notes.state, NoteState.NONE)));
    const teacher = await account('teacher');
    if (note)
      await db().insert(noteHistory).values({
        noteId: note.id,
        actorId: teacher.id,
        actorRole: 'TEACHER',
        action: 'comment',
        fromState: note.state,
        toState: note.state,
        comment: '이번 달은 꾸준히 읽었어요. 다음 달도 기대합니다.',
      });

    const r = await parentReport(head, student.id, month);
    const sessions = (await sessionsOf([student.id])).filter((s) => s.day >= `${month}-01` && s.day < `${addMonths(month, 1)}-01`);
    const rbs = await db().select().from(resultBooks).where(eq(resultBooks.userId, student.id));
    const attempts = (await db().select().from(problemAttempts).where(eq(problemAttempts.userId, student.id))).filter(
      (a) => a.resultBookId !== null && a.score !== null && inMonth(a.markedAt),
    );
    const written = (await db().select().from(notes).where(eq(notes.userId, student.id))).filter(
      (n) => n.state !== NoteState.NONE && inMonth(n.submittedAt),
    );
    const [org] = await db().select().from(organisations).where(eq(organisations.id, head.organisationId!));
    expect(r.academy).toBe(org.name);
    expect(r.student).toMatchObject({ name: student.name, grade: student.grade, className: '햇살반' });
    expect(r.figures).toEqual({
      daysRead: new Set(sessions.map((s) => s.day)).size,
      minutes: sum(sessions, (s) => s.minutes),
      pages: sum(sessions, (s) => s.pages),
      booksCompleted: rbs.filter((b) => b.status === BookStatus.COMPLETE && inMonth(b.completedAt)).length,
      analyses: attempts.length,
      averageScore: attempts.length ? Math.round(sum(attempts, (a) => a.score!) / attempts.length) : null,
      notes: written.length,
    });
    expect(r.books.map((b) => b.resultBookId).sort()).toEqual([...new Set(sessions.map((s) => s.rb))].sort());
    if (note)
      expect(r.comment).toEqual({
        text: '이번 달은 꾸준히 읽었어요. 다음 달도 기대합니다.',
        teacher: teacher.name,
        published: false,
        fromNote: true,
      });
    // Last month has no comment written this month.
    expect((await parentReport(head, student.id, addMonths(month, -1))).comment?.text).not.toBe(
      '이번 달은 꾸준히 읽었어요. 다음 달도 기대합니다.',
    );
  });

  it('keeps to the staff member’s scope (404 otherwise) and reads the month parameter', async () => {
    const teacher4 = await account('teacher4');
    const [student] = await db().select().from(users).where(eq(users.loginId, 'student'));
    await expect(parentReport(teacher4, student.id, seoulMonth(now()))).rejects.toMatchObject({ status: 404 });
    const [sunshine] = await db().select().from(classes).where(eq(classes.name, '햇살반'));
    await expect(classReport(teacher4, sunshine.id, seoulMonth(now()))).rejects.toMatchObject({ status: 404 });
    const head2 = await account('head2');
    await expect(parentReport(head2, student.id, seoulMonth(now()))).rejects.toMatchObject({ status: 404 });
    const res = await respond(() =>
      studentReportLoader({
        request: makeRequest(`/admin/reports/students/${student.id}`, { cookie: '' }),
        params: { studentId: String(student.id) },
        context: {},
      }),
    );
    expect(res.status).toBe(302);
    const byTeacher4 = await respond(async () =>
      studentReportLoader({
        request: makeRequest(`/admin/reports/students/${student.id}`, { cookie: await sessionCookie('teacher4') }),
        params: { studentId: String(student.id) },
        context: {},
      }),
    );
    expect(byTeacher4.status).toBe(404);
    expect(reportMonth('2026-02')).toBe('2026-02');
    expect(reportMonth('2026-13')).toBe(seoulMonth(now()));
    expect(reportMonth('x')).toBe(seoulMonth(now()));
    expect(reportMonth(null)).toBe(seoulMonth(now()));
  });

  it("gives a class a row per student with the month's figures", async () => {
    const teacher = await account('teacher');
    const [sunshine] = await db().select().from(classes).where(eq(classes.name, '햇살반'));
    const month = seoulMonth(now());
    const r = await classReport(teacher, sunshine.id, month);
    const members = (await db().select().from(classMemberships).where(eq(classMemberships.classId, sunshine.id))).map((m) => m.userId);
    expect(r.students.map((s) => s.id).sort()).toEqual([...new Set(members)].sort());
    const sessions = (await sessionsOf(members)).filter((s) => s.day >= `${month}-01`);
    for (const s of r.students) {
      const mine = sessions.filter((x) => x.userId === s.id);
      expect(s.figures).toMatchObject({
        minutes: sum(mine, (x) => x.minutes),
        pages: sum(mine, (x) => x.pages),
        daysRead: new Set(mine.map((x) => x.day)).size,
      });
    }
    expect(r.totals.minutes).toBe(sum(sessions, (x) => x.minutes));
    const book = (await db().select({ id: books.id }).from(books).limit(1))[0];
    expect(book).toBeDefined();
  });
});
